package dev.shapeslab.persistence;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Every bound on the time the app waits for its database ({@code shapes.database.*}, docs/settings.md), for every
 * driver. The constructor refuses a broken invariant between them, whichever backend runs, so that settings that start
 * one backend start all. JDBC's bounds reach HikariCP and the driver through {@code DeadlineDataSource.Installer}.
 *
 * @param connectionTimeout the one wait that holds no connection, so the deadline cannot abort it: it must end first
 * @param socketTimeout     bounds the pool's own threads, which no store call's deadline covers
 */
@ConfigurationProperties("shapes.database")
public record DatabaseTimeBounds(
        @DefaultValue("3s") Duration requestTimeout,
        @DefaultValue("500ms") Duration connectionTimeout,
        @DefaultValue("250ms") Duration validationTimeout,
        @DefaultValue("250ms") Duration failFast,
        @DefaultValue("3s") Duration socketTimeout,
        @DefaultValue("2s") Duration connectTimeout,
        @DefaultValue("100ms") Duration outagePoll,
        @DefaultValue("30s") Duration outagePollLimit) {

    public static final String PREFIX = "shapes.database";

    /** HikariCP replaces a connection or validation timeout below this with its own default (30 s, 5 s). */
    static final Duration HIKARI_FLOOR = Duration.ofMillis(250);

    public DatabaseTimeBounds {
        positive("request-timeout", requestTimeout);
        atLeast("connection-timeout", connectionTimeout, HIKARI_FLOOR, "HikariCP's floor (below it Hikari waits 30 s)");
        atLeast("validation-timeout", validationTimeout, HIKARI_FLOOR, "HikariCP's floor (below it Hikari uses 5 s)");
        shorter("connection-timeout", connectionTimeout, "request-timeout", requestTimeout,
                "the wait for a connection holds none the deadline could abort, so it must end first");
        shorter("validation-timeout", validationTimeout, "connection-timeout", connectionTimeout,
                "the check of an idle connection runs within the wait for one");
        if (failFast == null || failFast.isNegative() || !failFast.isZero() && failFast.toMillis() < 1) {
            throw invalid("fail-fast", failFast, "must be zero (off) or at least 1 ms");
        }
        atLeast("socket-timeout", socketTimeout, Duration.ofSeconds(1), "PostgreSQL's driver counts it in whole seconds");
        atLeast("connect-timeout", connectTimeout, Duration.ofSeconds(1), "PostgreSQL's driver counts it in whole seconds");
        positive("outage-poll", outagePoll);
        shorter("outage-poll", outagePoll, "outage-poll-limit", outagePollLimit,
                "an attempt must be able to try more than once");
    }

    /** The defaults, as if nothing were set. */
    public static DatabaseTimeBounds defaults() {
        return new DatabaseTimeBounds(Duration.ofSeconds(3), Duration.ofMillis(500), Duration.ofMillis(250),
                Duration.ofMillis(250), Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(100),
                Duration.ofSeconds(30));
    }

    /** For the start-up log of a JDBC backend: every bound on one line. */
    public String describeJdbc() {
        return "a store call " + millis(requestTimeout) + " in all (a free connection within "
                + millis(connectionTimeout) + ", checking an idle one " + millis(validationTimeout)
                + "); " + failingFast() + "; driver socket "
                + millis(socketTimeout) + ", connect " + millis(connectTimeout) + "; while unreachable, the pool tries every "
                + millis(outagePoll) + " for up to " + millis(outagePollLimit);
    }

    /** For the start-up log of backend r2dbc: the bounds it applies, on one line. */
    public String describeR2dbc() {
        return "a store call " + millis(requestTimeout) + " in all (the wait for a pooled connection included); "
                + failingFast() + "; driver connect " + millis(connectTimeout);
    }

    private String failingFast() {
        return (failFast.isZero() ? "no failing fast" : "fail fast for " + millis(failFast))
                + " after the database was found unreachable";
    }

    private static String millis(Duration duration) {
        return duration.toMillis() + " ms";
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw invalid(name, value, "must be positive");
        }
    }

    private static void atLeast(String name, Duration value, Duration least, String why) {
        positive(name, value);
        if (value.compareTo(least) < 0) {
            throw invalid(name, value, "must be at least " + least.toMillis() + " ms: " + why);
        }
    }

    private static void shorter(String name, Duration value, String otherName, Duration other, String why) {
        if (value.compareTo(other) >= 0) {
            throw new IllegalStateException(PREFIX + "." + name + " (" + value.toMillis() + " ms) must be shorter than "
                    + PREFIX + "." + otherName + " (" + other.toMillis() + " ms): " + why);
        }
    }

    private static IllegalStateException invalid(String name, Duration value, String rule) {
        return new IllegalStateException(PREFIX + "." + name + " (" + value + ") " + rule);
    }
}
