package dev.shapeslab.faults;

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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay in front of a database server that can freeze: while frozen it accepts connections and
 * keeps them open but forwards nothing, as a server stopped with SIGSTOP (or a network that drops
 * packets) does. Bytes sent meanwhile are delivered once it thaws, as they would be to a resumed server, and so
 * is a close; that the app closed a connection is seen at once ({@link #closedByTheApp()}).
 * It can also refuse: it stops listening, so that a new connection is refused (reset) as by a server that is
 * not running, and listens again on the same port when told to accept.
 */
final class FreezableProxy implements AutoCloseable {

    /** What a reader hands its writer once the sender has closed. */
    private static final byte[] END = new byte[0];

    private final int port;
    private volatile ServerSocket listener;
    private final InetAddress targetHost;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Set<Socket> upstream = ConcurrentHashMap.newKeySet();
    private final AtomicInteger closedByTheApp = new AtomicInteger();
    private final Object gate = new Object();
    private boolean frozen;

    FreezableProxy(int targetPort) throws IOException {
        this(InetAddress.getLoopbackAddress(), targetPort);
    }

    FreezableProxy(InetAddress targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.port = listen(0);
    }

    int port() {
        return port;
    }

    /** Listens on {@code port} (0: any free one) and relays what it accepts; returns the port. */
    private synchronized int listen(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true); // the same port again after refuse(), its closed connections in TIME_WAIT
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        listener = socket;
        Thread acceptor = new Thread(() -> relay(socket), "proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        return socket.getLocalPort();
    }

    void freeze() {
        synchronized (gate) {
            frozen = true;
        }
    }

    void thaw() {
        synchronized (gate) {
            frozen = false;
            gate.notifyAll();
        }
    }

    /** Stops listening: from now on a new connection is refused; the open ones stay. */
    synchronized void refuse() {
        try {
            listener.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not stop listening on the proxy's port", e);
        }
    }

    /** Listens again on the same port, if it stopped. */
    synchronized void accept() {
        if (listener.isClosed()) {
            try {
                listen(port);
            } catch (IOException e) {
                throw new UncheckedIOException("could not listen again on the proxy's port", e);
            }
        }
    }

    /** The local ports of the open connections to the server (what the server sees as its clients' ports). */
    Set<Integer> upstreamPorts() {
        Set<Integer> ports = new java.util.HashSet<>();
        upstream.forEach(socket -> ports.add(socket.getLocalPort()));
        return ports;
    }

    /**
     * Connections the app closed (or reset) from its end, frozen or not: a connection it gave up on a hung
     * database is counted at once, though nothing reaches the database before it thaws.
     */
    int closedByTheApp() {
        return closedByTheApp.get();
    }

    private void relay(ServerSocket listener) {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server;
                try {
                    server = new Socket(targetHost, targetPort);
                } catch (IOException down) {
                    client.close(); // the server is down: the client sees its connection closed at once
                    continue;
                }
                sockets.add(client);
                sockets.add(server);
                upstream.add(server);
                pump(client, server, true);
                pump(server, client, false);
            } catch (IOException closed) {
                return;
            }
        }
    }

    /**
     * Relays one direction: a reader that never stops reading, so that a close by the sender is seen at once
     * even while frozen, and a writer that delivers what was read, and then the close, only while thawed.
     */
    private void pump(Socket from, Socket to, boolean fromTheApp) {
        BlockingQueue<byte[]> relayed = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                InputStream in = from.getInputStream();
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    relayed.add(Arrays.copyOf(buffer, n));
                }
            } catch (IOException ended) {
                // reset by the sender, or closed here
            } finally {
                if (fromTheApp && !from.isClosed()) {
                    closedByTheApp.incrementAndGet(); // the app's end closed it, not this proxy
                }
                relayed.add(END);
            }
        }, "proxy-read");
        Thread writer = new Thread(() -> {
            try {
                OutputStream out = to.getOutputStream();
                for (byte[] bytes = relayed.take(); ; bytes = relayed.take()) {
                    awaitThawed();
                    if (bytes == END) {
                        return;
                    }
                    out.write(bytes);
                    out.flush();
                }
            } catch (IOException | InterruptedException ended) {
                // the receiver closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "proxy-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private void awaitThawed() throws InterruptedException {
        synchronized (gate) {
            while (frozen) {
                gate.wait();
            }
        }
    }

    private void closeQuietly(Socket socket) {
        sockets.remove(socket);
        upstream.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        thaw();
        listener.close();
        sockets.forEach(this::closeQuietly);
    }
}
