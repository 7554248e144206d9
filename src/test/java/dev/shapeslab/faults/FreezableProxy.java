package dev.shapeslab.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay in front of a database server that can freeze: while frozen it accepts connections and
 * keeps them open but forwards nothing, as a server stopped with SIGSTOP (or a network that drops
 * packets) does. Bytes sent meanwhile are delivered once it thaws, as they would be to a resumed server.
 * It can also refuse: new connections are closed at once, as by a server that is not running.
 */
final class FreezableProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetAddress targetHost;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Set<Socket> upstream = ConcurrentHashMap.newKeySet();
    private volatile boolean refusing;
    private final Object gate = new Object();
    private boolean frozen;

    FreezableProxy(int targetPort) throws IOException {
        this(InetAddress.getLoopbackAddress(), targetPort);
    }

    FreezableProxy(InetAddress targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread acceptor = new Thread(this::relay, "proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
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

    /** From now on, closes every new connection at once; the open ones stay. */
    void refuse() {
        refusing = true;
    }

    /** Relays new connections again. */
    void accept() {
        refusing = false;
    }

    /** The local ports of the open connections to the server (what the server sees as its clients' ports). */
    Set<Integer> upstreamPorts() {
        Set<Integer> ports = new java.util.HashSet<>();
        upstream.forEach(socket -> ports.add(socket.getLocalPort()));
        return ports;
    }

    private void relay() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (refusing) {
                    client.close();
                    continue;
                }
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
                pump(client, server);
                pump(server, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    awaitThawed();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException ended) {
                // one side closed: close both below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "proxy-pump");
        thread.setDaemon(true);
        thread.start();
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
