package dev.shapeslab.faults;

import static org.awaitility.Awaitility.await;

import dev.shapeslab.persistence.PostgresTestDatabase;
import java.io.IOException;
import java.net.InetAddress;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Set;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The PostgreSQL test database ({@link PostgresTestDatabase}) behind a {@link FreezableProxy}, so that a test can
 * take it down, bring it back and hang it without stopping a server that other tests share:
 * <ul>
 * <li>{@link #stop()} does to the app's connections what a restart of PostgreSQL does: their server
 * processes are terminated ({@code pg_terminate_backend}, the signal of a fast shutdown, so the app reads
 * SQLState 57P01 "terminating connection due to administrator command" on them), and new connections are
 * refused until {@link #startIfStopped()};</li>
 * <li>{@link #freeze()} hangs them as a server stopped with SIGSTOP would: nothing is answered.</li>
 * </ul>
 */
public final class PostgresFaults implements DatabaseFaults {

    private final FreezableProxy proxy;
    private boolean stopped;

    public PostgresFaults() {
        try {
            proxy = new FreezableProxy(InetAddress.getByName(PostgresTestDatabase.HOST), PostgresTestDatabase.PORT);
        } catch (IOException e) {
            throw new IllegalStateException("could not open the proxy", e);
        }
    }

    /** Points the {@code pg} profile at the test database through the proxy. */
    public void register(DynamicPropertyRegistry registry) {
        PostgresTestDatabase.register(registry, proxy.port());
    }

    @Override
    public synchronized void stop() throws SQLException {
        proxy.refuse();
        stopped = true;
        Set<Integer> ports = proxy.upstreamPorts();
        try (Connection admin = PostgresTestDatabase.connect()) {
            Array clientPorts = admin.createArrayOf("integer", ports.toArray());
            try (PreparedStatement terminate = admin.prepareStatement(
                    "select pg_terminate_backend(pid) from pg_stat_activity where client_port = any(?)")) {
                terminate.setArray(1, clientPorts);
                terminate.executeQuery().close();
            }
            // Terminating is a signal: wait until the processes are gone, as after a real shutdown.
            try (PreparedStatement remaining = admin.prepareStatement(
                    "select count(*) from pg_stat_activity where client_port = any(?)")) {
                remaining.setArray(1, clientPorts);
                await().atMost(Duration.ofSeconds(10)).until(() -> {
                    try (ResultSet result = remaining.executeQuery()) {
                        result.next();
                        return result.getInt(1) == 0;
                    }
                });
            }
        }
    }

    @Override
    public synchronized void startIfStopped() {
        if (stopped) {
            proxy.accept();
            stopped = false;
        }
    }

    @Override
    public boolean holdsRequestsUntilTheBound() {
        return false;
    }

    @Override
    public boolean commitsEachWriteAsItRuns() {
        return true;
    }

    @Override
    public void freeze() {
        proxy.freeze();
    }

    @Override
    public void thaw() {
        proxy.thaw();
    }

    @Override
    public int connectionsClosedByTheApp() {
        return proxy.closedByTheApp();
    }

    @Override
    public Connection connect() throws SQLException {
        return PostgresTestDatabase.connect();
    }
}
