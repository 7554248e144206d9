package dev.shapeslab.faults;

import static dev.shapeslab.faults.FaultTests.assertUnavailable;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.testng.annotations.AfterClass;
import org.testng.annotations.Test;

/**
 * On backend {@code r2dbc}, a database that cannot be reached opens the breaker the JDBC backends share
 * ({@code persistence.OutageBreaker}): the store call that found it unreachable is a 503, and while the breaker is
 * open the next ones are 503s with {@code Retry-After} that never try the database, instead of each waiting for a
 * connection that cannot come. Shown by its effect, not by a clock: the database's port counts the connections
 * opened to it, and that count stays where the first call left it.
 *
 * <p>The database is a port that accepts each connection and resets it at once, as a server that is going away
 * does, so no PostgreSQL is needed: these tests always run. The window is far longer than the test, so that it
 * cannot end in between; no schema migration, since there is no server to migrate.
 */
@TestPropertySource(properties = {"shapes.database.fail-fast=10m", "spring.flyway.enabled=false"})
public abstract class R2dbcUnreachableTests extends HttpTestSupport {

    private static final ResettingPort DATABASE = new ResettingPort();

    @DynamicPropertySource
    static void unreachableDatabase(DynamicPropertyRegistry registry) {
        registry.add("shapes.pg.host", () -> "127.0.0.1");
        registry.add("shapes.pg.port", DATABASE::port);
    }

    @AfterClass(alwaysRun = true)
    public void closeThePort() throws IOException {
        DATABASE.close();
    }

    @Test
    public void anUnreachableDatabaseOpensTheBreakerAndTheCallsAfterAre503sThatNeverTryIt() {
        assertUnavailable(create("first"));
        int tried = DATABASE.connectionsOpened();
        assertTrue(tried >= 1, "the first call never tried the database");

        for (int i = 0; i < 10; i++) {
            assertUnavailable(create("while-open-" + i));
            assertUnavailable(get(ResourcePaths.CIRCLES + "?limit=1"));
        }
        assertEquals(DATABASE.connectionsOpened(), tried, "a call reached the database while the breaker was open");
    }

    private HttpResponse<String> create(String colour) {
        return send(postCircle(colour).timeout(Duration.ofSeconds(30)).build()).join();
    }

    /** A loopback port that accepts connections and resets each at once, counting them. */
    private static final class ResettingPort implements AutoCloseable {

        private final ServerSocket socket;
        private final AtomicInteger opened = new AtomicInteger();

        ResettingPort() {
            try {
                socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
            Thread acceptor = new Thread(this::resetEach, "resetting-database-port");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        int connectionsOpened() {
            return opened.get();
        }

        private void resetEach() {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    opened.incrementAndGet();
                    connection.setSoLinger(true, 0); // close with a reset, as a server going away does
                } catch (IOException closedOrReset) {
                    // the port was closed (the test is over), or the client went first: nothing to do
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
