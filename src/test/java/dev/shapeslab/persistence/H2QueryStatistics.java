package dev.shapeslab.persistence;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * H2's own record of the statements it runs ({@code information_schema.query_statistics}), gathered from
 * {@link #start} to {@link #close}: it sees what Hibernate sends and what a store sends with plain JDBC alike,
 * where Hibernate's statistics and statement inspector see only the first. Its own statements are left out.
 */
final class H2QueryStatistics implements AutoCloseable {

    private static final String NOT_OURS = " lower(sql_statement) not like '%query_statistics%'";

    private final JdbcTemplate jdbc;

    private H2QueryStatistics(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Starts gathering afresh (turning them off forgets what was gathered before). */
    static H2QueryStatistics start(JdbcTemplate jdbc) {
        jdbc.execute("set query_statistics false");
        jdbc.execute("set query_statistics true");
        return new H2QueryStatistics(jdbc);
    }

    /** How many statements the database has run since {@link #start}. */
    long statementsRun() {
        return jdbc.queryForObject("select coalesce(sum(execution_count), 0) from information_schema.query_statistics"
                + " where" + NOT_OURS, Long.class);
    }

    /** The distinct SELECTs the database has run since {@link #start}, as sent (parameters as {@code ?}). */
    List<String> selects() {
        return jdbc.queryForList("select sql_statement from information_schema.query_statistics"
                + " where lower(sql_statement) like 'select%' and" + NOT_OURS, String.class);
    }

    @Override
    public void close() {
        jdbc.execute("set query_statistics false");
    }
}
