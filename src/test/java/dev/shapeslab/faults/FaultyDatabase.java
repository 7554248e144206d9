package dev.shapeslab.faults;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.h2.tools.Server;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * A database for the {@code h2} profile that a test can take down, bring back and hang: a real H2 TCP
 * server in this JVM, restartable on the same port, serving an in-memory database that outlives its
 * restarts, reached through a {@link FreezableProxy}.
 */
public final class FaultyDatabase implements DatabaseFaults {

    private final String database;
    private final int port;
    private final FreezableProxy proxy;
    private Server server;

    public FaultyDatabase(String name) {
        this.database = "mem:" + name + ";DB_CLOSE_DELAY=-1";
        try {
            server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-tcpDaemon").start();
            port = server.getPort();
            proxy = new FreezableProxy(port);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("could not start the H2 TCP server", e);
        }
    }

    /** Points the {@code h2} profile at this database (through the proxy). */
    public void register(DynamicPropertyRegistry registry) {
        registry.add("shapes.h2.port", proxy::port);
        registry.add("shapes.h2.database", () -> database);
        // This server creates its databases on first connection (-ifNotExists) as sa with an empty password;
        // the password h2/loadtesth2.sh keeps (imported by the h2 profile when h2/data exists) is not for it.
        registry.add("spring.datasource.password", () -> "");
    }

    /**
     * Stops the server: connections break and new ones are refused (the proxy the app connects to stops
     * listening too, as a stopped server's port does).
     */
    @Override
    public synchronized void stop() {
        proxy.refuse();
        server.stop();
        server = null;
    }

    @Override
    public synchronized void startIfStopped() throws SQLException {
        if (server == null) {
            server = Server.createTcpServer("-tcpPort", String.valueOf(port), "-ifNotExists", "-tcpDaemon").start();
            proxy.accept();
        }
    }

    /** Hangs the database: connections stay open, nothing is answered. */
    @Override
    public void freeze() {
        proxy.freeze();
    }

    /** Lets everything sent while frozen through, as a resumed server would. */
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
        // In this JVM the in-memory database the server serves is reachable directly.
        return DriverManager.getConnection("jdbc:h2:" + database, "sa", "");
    }
}
