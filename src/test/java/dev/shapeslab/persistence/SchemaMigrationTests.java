package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.EmbeddedContextTests;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.testng.annotations.Test;

/**
 * The schema is Flyway's (db/migration), not Hibernate's: the embedded database of this context was
 * migrated at start-up, and Hibernate started on it with ddl-auto=validate, so the mapping matches it.
 */
public class SchemaMigrationTests extends EmbeddedContextTests {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    public void flywayMigratedTheDatabaseAndHibernateOnlyValidatesIt() {
        List<String> applied = jdbc.queryForList(
                "select \"version\" from \"flyway_schema_history\" where \"success\" and \"version\" is not null order by \"installed_rank\"",
                String.class);
        assertEquals(applied.get(0), "1");
        assertEquals(environment().getProperty("spring.jpa.hibernate.ddl-auto"), "validate");
        assertTrue(jdbc.queryForObject("select count(*) from information_schema.indexes"
                + " where lower(index_name) = 'shape_standalone_idx'", Integer.class) > 0);
    }

    private org.springframework.core.env.Environment environment() {
        return applicationContext.getEnvironment();
    }
}
