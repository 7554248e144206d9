package dev.shapeslab.persistence;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Every bound on the time the app waits for its database, under {@code shapes.database}, in one place for both
 * database stacks: the JDBC backends ({@code embedded}, {@code h2}, {@code pg}) and {@code r2dbc}. The constructor
 * holds the start-up checks: a setting that breaks an invariant below stops the app with a message naming it,
 * instead of leaving a promise quietly broken. They are checked the same whichever stack runs, so that a set of
 * settings that starts one backend starts the others.
 *
 * <p>Who applies which. Both stacks: {@code request-timeout} bounds each store call ({@code StoreDeadline} on JDBC,
 * {@link StoreCall}'s deadline on R2DBC and the Vert.x client); {@code fail-fast} is the {@link OutageBreaker}'s open
 * window; {@code connect-timeout} is the driver's bound on opening a connection (PostgreSQL JDBC's
 * {@code connectTimeout}, r2dbc-postgresql's {@code connectTimeout}). JDBC only: {@code connection-timeout} and
 * {@code validation-timeout} are handed to HikariCP, {@code socket-timeout} to the JDBC driver, and
 * {@code outage-poll} and {@code outage-poll-limit} to the pool's connection adder, all by
 * {@code DeadlineDataSource.Installer}, which refuses the old places of these settings (Hikari's own properties,
 * the URL) so that each is set once. R2DBC has no blocking wait to bound apart: a call waiting for a pooled
 * connection holds no thread and no connection, so that wait is part of the call's {@code request-timeout}, and
 * r2dbc-postgresql has no socket timeout (the call's bound cancels what hangs).
 *
 * @param requestTimeout    the longest a store call may spend on the database, every step included; then its
 *                          connection is aborted and the call fails as "did not answer in time" (503)
 * @param connectionTimeout the longest a JDBC call waits for a free pooled connection (Hikari's
 *                          {@code connection-timeout}); then 503. The one wait that holds no connection, so the
 *                          deadline cannot abort it: it must end first
 * @param validationTimeout the longest Hikari's check of an idle connection may take (its
 *                          {@code validation-timeout}); the check runs inside the wait for a connection
 * @param failFast          once a call found the database unreachable, calls fail at once (503) for this long;
 *                          zero turns it off
 * @param socketTimeout     the JDBC driver's bound on one read from the database's socket (H2's
 *                          {@code NETWORK_TIMEOUT}, PostgreSQL's {@code socketTimeout}): it bounds the pool's
 *                          own threads (opening, checking and closing connections), which no store call's
 *                          deadline covers
 * @param connectTimeout    PostgreSQL's drivers' {@code connectTimeout}: opening a connection to a server that does
 *                          not answer (H2's client has only a JVM-wide setting)
 * @param outagePoll        while the database is unreachable, how often HikariCP's connection adder tries it
 * @param outagePollLimit   the longest one such attempt keeps trying before it fails
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
