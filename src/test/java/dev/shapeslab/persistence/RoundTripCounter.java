package dev.shapeslab.persistence;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay in front of PostgreSQL that counts the round trips the app makes: it reads the frontend's messages off
 * the byte stream (PostgreSQL's wire protocol: a type byte and a length) and counts, over every connection,
 * <ul>
 * <li><b>round trips</b>: the times the app sent a statement's message after an answer had reached it, that is the
 * times it waited for the database before it could go on. Messages the app sends before any answer arrives (a
 * pipelined BEGIN and the statement behind it, a batch) are one round trip;</li>
 * <li><b>exchanges</b>: the frontend messages each answered by one ReadyForQuery (Sync of the extended protocol, simple
 * Query): the statements' groups, pipelined or not.</li>
 * </ul>
 * Each answer is held back {@link #ANSWER_DELAY_MILLIS} ms on its way to the app, so that what a driver sends without
 * waiting for an answer reliably arrives before it: a driver that pipelines is not counted as waiting because the
 * server happened to be quick. A connection's start (SSL request, startup, authentication) and its end (Terminate) are
 * not counted: a pool pays them once per connection, not per request, and a cancel request comes on a connection of its
 * own that never gets past its start.
 */
public final class RoundTripCounter implements AutoCloseable {

    /** How long each answer is held back on its way to the app: longer than a driver takes to write what it pipelines. */
    static final long ANSWER_DELAY_MILLIS = 20;

    /** Frontend messages that only authenticate (SASL, password) or end the session: part of a connection's cost. */
    private static final Set<Character> NOT_PER_REQUEST = Set.of('p', 'X');

    /** The startup message's protocol code (3.0); the other untyped codes are SSL, GSS and cancel requests. */
    private static final int PROTOCOL_3 = 196608;

    private final ServerSocket listener;
    private final InetAddress targetHost;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger roundTrips = new AtomicInteger();
    private final AtomicInteger exchanges = new AtomicInteger();
    /** When bytes last crossed the proxy, either way (System.nanoTime). */
    private final AtomicLong lastTraffic = new AtomicLong(System.nanoTime());

    public RoundTripCounter(InetAddress targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try {
            listener = new ServerSocket();
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the round-trip counter's port", e);
        }
        Thread acceptor = new Thread(this::accept, "round-trips-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Round trips and exchanges since {@link #reset()}. */
    public record Count(int roundTrips, int exchanges) {
        @Override
        public String toString() {
            return roundTrips + " round trips (" + exchanges + " exchanges)";
        }
    }

    public void reset() {
        roundTrips.set(0);
        exchanges.set(0);
    }

    /**
     * The count once nothing has crossed the proxy for {@code quiet} (what a driver does after the app has answered,
     * such as giving a connection back, is part of the request's cost).
     */
    public Count settled(long quietMillis) throws InterruptedException {
        long quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() - lastTraffic.get() < quietNanos) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("traffic to the database did not stop within 10 s");
            }
            Thread.sleep(5);
        }
        return new Count(roundTrips.get(), exchanges.get());
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket app = listener.accept();
                Socket database = new Socket(targetHost, targetPort);
                app.setTcpNoDelay(true);
                database.setTcpNoDelay(true);
                sockets.add(app);
                sockets.add(database);
                Conversation conversation = new Conversation();
                relayFromApp(app, database, conversation);
                relayToApp(database, app, conversation);
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** One connection's state: whether an answer has reached the app since it last sent a counted message. */
    private static final class Conversation {
        private boolean answered = true;

        synchronized boolean sent() {
            boolean waited = answered;
            answered = false;
            return waited;
        }

        synchronized void answer() {
            answered = true;
        }
    }

    /** App to database at once, reading the frontend messages as they pass. */
    private void relayFromApp(Socket app, Socket database, Conversation conversation) {
        Thread relay = new Thread(() -> {
            FrontendMessages messages = new FrontendMessages();
            byte[] buffer = new byte[8192];
            try (InputStream in = app.getInputStream(); OutputStream out = database.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    lastTraffic.set(System.nanoTime());
                    for (char type : messages.read(buffer, n)) {
                        if (NOT_PER_REQUEST.contains(type)) {
                            continue;
                        }
                        if (conversation.sent()) {
                            roundTrips.incrementAndGet();
                        }
                        if (type == 'S' || type == 'Q') {
                            exchanges.incrementAndGet();
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException ended) {
                // either side closed
            } finally {
                close(app);
                close(database);
            }
        }, "round-trips-from-app");
        relay.setDaemon(true);
        relay.start();
    }

    /** Database to app, each chunk held back {@link #ANSWER_DELAY_MILLIS} from when it was read. */
    private void relayToApp(Socket database, Socket app, Conversation conversation) {
        BlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = database.getInputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    lastTraffic.set(System.nanoTime());
                    chunks.add(new Chunk(Arrays.copyOf(buffer, n), System.nanoTime()));
                }
            } catch (IOException ended) {
                // either side closed
            } finally {
                chunks.add(new Chunk(null, System.nanoTime()));
            }
        }, "round-trips-from-database");
        Thread writer = new Thread(() -> {
            try (OutputStream out = app.getOutputStream()) {
                for (Chunk chunk = chunks.take(); chunk.bytes() != null; chunk = chunks.take()) {
                    long due = chunk.readAt() + TimeUnit.MILLISECONDS.toNanos(ANSWER_DELAY_MILLIS);
                    for (long wait; (wait = due - System.nanoTime()) > 0; ) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    conversation.answer(); // before the app can read it, and so answer it
                    out.write(chunk.bytes());
                    out.flush();
                    lastTraffic.set(System.nanoTime());
                }
            } catch (IOException | InterruptedException ended) {
                // either side closed
            } finally {
                close(app);
                close(database);
            }
        }, "round-trips-to-app");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private record Chunk(byte[] bytes, long readAt) {
    }

    /**
     * The frontend's messages, read off its byte stream in pieces as they arrive: first untyped ones (length, then a
     * code: SSL or GSS request, cancel request, startup), then, after the startup message, typed ones (a type byte,
     * then a length that counts itself). Answers the types of the typed messages whose header has arrived.
     */
    static final class FrontendMessages {
        private boolean started;
        private final byte[] header = new byte[8];
        private int headerRead;
        private long bodyLeft;

        char[] read(byte[] bytes, int length) {
            StringBuilder types = new StringBuilder();
            int i = 0;
            while (i < length) {
                if (bodyLeft > 0) {
                    int skipped = (int) Math.min(bodyLeft, length - i);
                    bodyLeft -= skipped;
                    i += skipped;
                    continue;
                }
                int headerSize = started ? 5 : 8;
                header[headerRead++] = bytes[i++];
                if (headerRead < headerSize) {
                    continue;
                }
                headerRead = 0;
                if (started) {
                    types.append((char) header[0]);
                    bodyLeft = int32(1) - 4L;
                } else {
                    bodyLeft = int32(0) - 8L;
                    started = int32(4) == PROTOCOL_3;
                }
            }
            return types.toString().toCharArray();
        }

        private int int32(int at) {
            return ((header[at] & 0xff) << 24) | ((header[at + 1] & 0xff) << 16) | ((header[at + 2] & 0xff) << 8)
                    | (header[at + 3] & 0xff);
        }
    }

    private void close(Socket socket) {
        sockets.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // closed already
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(this::close);
    }
}
