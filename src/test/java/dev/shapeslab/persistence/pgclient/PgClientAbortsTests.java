package dev.shapeslab.persistence.pgclient;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.persistence.OutageKinds;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnection;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/**
 * {@link PgClientCalls#abort} reaches into the Vert.x client's internals (no public API closes a leased connection now):
 * this fails when a new client moves or changes them. A fake PostgreSQL server on loopback lets the client in and then
 * never answers a query, as a hung server does; cutting the pooled connection off must fail the query at once, mark the
 * connection as cut off, and drop it from the pool; and a statement given to it then must fail in the way
 * {@link PgClientOutages} reads as never sent (the client's message, since it has no exception type for it).
 */
public class PgClientAbortsTests {

    private static final Duration PROMPTLY = Duration.ofSeconds(5);

    private Vertx vertx;
    private HungServer server;
    private Pool pool;

    @BeforeMethod
    public void hungServerAndPool() throws IOException {
        vertx = Vertx.vertx();
        server = new HungServer();
        pool = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(1))
                .connectingTo(new PgConnectOptions().setHost("127.0.0.1").setPort(server.port())
                        .setDatabase("shapes").setUser("shapes").setPassword("unused"))
                .using(vertx)
                .build();
    }

    @AfterMethod(alwaysRun = true)
    public void close() throws Exception {
        pool.close().await(10, TimeUnit.SECONDS);
        vertx.close().await(10, TimeUnit.SECONDS);
        server.close();
    }

    @Test
    public void aConnectionCutOffFailsItsHungQueryAtOnceAndLeavesThePool() throws Exception {
        SqlConnection connection = await(pool.getConnection());
        CompletableFuture<?> query = connection.query("SELECT 1").execute().toCompletionStage().toCompletableFuture();
        server.queryReceived.get(PROMPTLY.toSeconds(), TimeUnit.SECONDS);
        assertThat(query).as("the fake server's hung query").isNotDone();
        assertThat(PgClientCalls.aborted(connection)).isFalse();

        PgClientCalls.abort(connection);
        assertThat(query).failsWithin(PROMPTLY);
        assertThat(PgClientCalls.aborted(connection)).isTrue();
        // A statement given to it now fails before it is sent, as PgClientOutages reads the client's message.
        Throwable notSent = connection.query("SELECT 2").execute().toCompletionStage().toCompletableFuture()
                .handle((result, failure) -> failure).get(PROMPTLY.toSeconds(), TimeUnit.SECONDS);
        assertThat(PgClientOutages.kindHere(notSent)).isEqualTo(OutageKinds.CLOSED_BEFORE_SENT);
        connection.close(); // as a store call gives it back after cutting it off

        assertThat(server.sessionEnded.get(PROMPTLY.toSeconds(), TimeUnit.SECONDS)).as("the socket was closed").isTrue();
        Awaitility.await().atMost(PROMPTLY).untilAsserted(() -> assertThat(pool.size()).as("connections left in the pool").isZero());
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(PROMPTLY.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Speaks the start of PostgreSQL's protocol (v3): lets a client in without a password and reads what it sends next
     * without ever answering. A cancel request (on a connection of its own) is read and dropped, as a hung server would.
     */
    private static final class HungServer implements AutoCloseable {

        private static final int CANCEL_REQUEST = 80877102;

        final CompletableFuture<Boolean> queryReceived = new CompletableFuture<>();
        final CompletableFuture<Boolean> sessionEnded = new CompletableFuture<>();
        private final ServerSocket listening = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());

        HungServer() throws IOException {
            Thread acceptor = new Thread(this::accept, "hung-postgres");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return listening.getLocalPort();
        }

        private void accept() {
            while (!listening.isClosed()) {
                try {
                    Socket socket = listening.accept();
                    Thread session = new Thread(() -> serve(socket), "hung-postgres-session");
                    session.setDaemon(true);
                    session.start();
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private void serve(Socket socket) {
            try (socket) {
                DataInputStream in = new DataInputStream(socket.getInputStream());
                byte[] startup = new byte[in.readInt() - 4];
                in.readFully(startup);
                if (java.nio.ByteBuffer.wrap(startup).getInt() == CANCEL_REQUEST) {
                    return;
                }
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                message(out, 'R', new byte[] {0, 0, 0, 0}); // AuthenticationOk
                message(out, 'S', parameter("client_encoding", "UTF8"));
                message(out, 'S', parameter("server_version", "15.0"));
                message(out, 'K', new byte[] {0, 0, 0, 42, 0, 0, 0, 7}); // BackendKeyData: process 42, key 7
                message(out, 'Z', new byte[] {'I'}); // ReadyForQuery, idle
                out.flush();
                if (in.read() >= 0) { // the first byte of the query: the client has sent it
                    queryReceived.complete(true);
                }
                while (in.read() >= 0) {
                    // the rest of the query and whatever follows: read, never answered
                }
                sessionEnded.complete(true);
            } catch (IOException ended) {
                sessionEnded.complete(true);
            }
        }

        private static byte[] parameter(String name, String value) {
            return (name + '\0' + value + '\0').getBytes(StandardCharsets.US_ASCII);
        }

        private static void message(DataOutputStream out, char type, byte[] body) throws IOException {
            out.writeByte(type);
            out.writeInt(body.length + 4);
            ((OutputStream) out).write(body);
        }

        @Override
        public void close() throws IOException {
            listening.close();
        }
    }
}
