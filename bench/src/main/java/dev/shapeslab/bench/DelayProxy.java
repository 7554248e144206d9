package dev.shapeslab.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * A slow network in front of a database: a TCP proxy on loopback that forwards every byte between the app and
 * the database server half a round trip late in each direction, so each round trip takes {@code --db-delay} longer
 * while the server answers as fast as ever. The harness runs it as a process of its own and counts its CPU apart
 * from the app's and the database's ({@code proxy} in a window's CPU snapshot).
 *
 * <p>One thread and one selector for every connection. Every chunk read waits the same time, so the chunks in
 * arrival order are also in the order they are due: one queue holds them all. A chunk that a receiver does not
 * take at once waits in that receiver's own queue, so each direction keeps its bytes in order. Nothing bounds
 * what is buffered: a database's answers to its own client are small and are read as they come.
 *
 * <p>Run: {@code java dev.shapeslab.bench.DelayProxy LISTEN_PORT TARGET_PORT ROUND_TRIP_MS}; it prints
 * {@value #READY} once it accepts connections, and runs until it is killed.
 */
public final class DelayProxy implements AutoCloseable {

    static final String READY = "delay proxy ready";

    /** Marks the end of one direction's stream in a queue of chunks. */
    private static final ByteBuffer END = ByteBuffer.allocate(0);

    private final Selector selector;
    private final ServerSocketChannel server;
    private final InetSocketAddress target;
    private final long oneWayNanos;
    private final ArrayDeque<Chunk> due = new ArrayDeque<>();
    private final ByteBuffer reading = ByteBuffer.allocateDirect(64 * 1024);

    private record Chunk(long dueNanos, Side to, ByteBuffer bytes) {
    }

    /** One end of a proxied connection: the app's socket or the server's. */
    private final class Side {
        final SocketChannel channel;
        final ArrayDeque<ByteBuffer> unwritten = new ArrayDeque<>();
        Side peer;
        SelectionKey key;
        boolean connected;
        boolean ended;
        boolean closed;

        Side(SocketChannel channel, boolean connected) {
            this.channel = channel;
            this.connected = connected;
        }

        void flush() throws IOException {
            if (!connected || closed) {
                return;
            }
            while (!unwritten.isEmpty()) {
                ByteBuffer next = unwritten.peek();
                if (next == END) {
                    unwritten.clear();
                    channel.shutdownOutput();
                    if (peer.ended && ended) {
                        close();
                    }
                    return;
                }
                channel.write(next);
                if (next.hasRemaining()) {
                    key.interestOps(key.interestOps() | SelectionKey.OP_WRITE);
                    return;
                }
                unwritten.poll();
            }
            key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
        }

        /** Closes both ends of the connection; chunks still due for them are dropped when they come. */
        void close() {
            for (Side side : new Side[] {this, peer}) {
                side.closed = true;
                side.unwritten.clear();
                try {
                    side.channel.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
    }

    DelayProxy(int listenPort, int targetPort, double roundTripMillis) throws IOException {
        this.selector = Selector.open();
        this.server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), listenPort), 1024);
        server.configureBlocking(false);
        server.register(selector, SelectionKey.OP_ACCEPT);
        this.target = new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort);
        this.oneWayNanos = (long) (roundTripMillis * 1e6 / 2);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: DelayProxy LISTEN_PORT TARGET_PORT ROUND_TRIP_MS");
            System.exit(2);
        }
        DelayProxy proxy = new DelayProxy(Integer.parseInt(args[0]), Integer.parseInt(args[1]),
                Double.parseDouble(args[2]));
        System.out.println(READY);
        System.out.flush();
        proxy.run();
    }

    int port() {
        return ((InetSocketAddress) server.socket().getLocalSocketAddress()).getPort();
    }

    /** Stops {@link #run} (from any thread) and closes the listening socket. */
    @Override
    public void close() throws IOException {
        selector.close();
        server.close();
    }

    /** Forwards until {@link #close}. */
    void run() throws IOException {
        try {
            forward();
        } catch (ClosedSelectorException closed) {
            // closed: done
        }
    }

    private void forward() throws IOException {
        while (selector.isOpen()) {
            Chunk next = due.peek();
            if (next == null) {
                selector.select();
            } else {
                long waitNanos = next.dueNanos - System.nanoTime();
                if (waitNanos <= 0) {
                    selector.selectNow();
                } else {
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos + 999_999)));
                }
            }
            Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
            while (keys.hasNext()) {
                SelectionKey key = keys.next();
                keys.remove();
                if (key.isValid()) {
                    handle(key);
                }
            }
            deliverDue();
        }
    }

    private void handle(SelectionKey key) {
        if (key.isAcceptable()) {
            accept();
            return;
        }
        Side side = (Side) key.attachment();
        try {
            if (key.isConnectable()) {
                side.channel.finishConnect();
                side.connected = true;
                key.interestOps(SelectionKey.OP_READ);
                side.flush();
            }
            if (key.isValid() && key.isReadable()) {
                read(side);
            }
            if (key.isValid() && key.isWritable()) {
                side.flush();
            }
        } catch (IOException e) {
            side.close();
        }
    }

    private void accept() {
        try {
            SocketChannel app = server.accept();
            if (app == null) {
                return;
            }
            app.configureBlocking(false);
            app.setOption(StandardSocketOptions.TCP_NODELAY, true);
            SocketChannel database = SocketChannel.open();
            database.configureBlocking(false);
            database.setOption(StandardSocketOptions.TCP_NODELAY, true);
            boolean connected = database.connect(target);
            Side fromApp = new Side(app, true);
            Side toDatabase = new Side(database, connected);
            fromApp.peer = toDatabase;
            toDatabase.peer = fromApp;
            fromApp.key = app.register(selector, SelectionKey.OP_READ, fromApp);
            toDatabase.key = database.register(selector, connected ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT,
                    toDatabase);
        } catch (IOException e) {
            System.err.println("delay proxy: could not accept or connect: " + e.getMessage());
        }
    }

    private void read(Side side) throws IOException {
        reading.clear();
        int n = side.channel.read(reading);
        if (n < 0) {
            side.ended = true;
            side.key.interestOps(side.key.interestOps() & ~SelectionKey.OP_READ);
            due.add(new Chunk(System.nanoTime() + oneWayNanos, side.peer, END));
        } else if (n > 0) {
            reading.flip();
            ByteBuffer copy = ByteBuffer.allocate(n).put(reading).flip();
            due.add(new Chunk(System.nanoTime() + oneWayNanos, side.peer, copy));
        }
    }

    private void deliverDue() {
        long now = System.nanoTime();
        while (!due.isEmpty() && due.peek().dueNanos - now <= 0) {
            Chunk chunk = due.poll();
            Side to = chunk.to;
            if (to.closed) {
                continue;
            }
            to.unwritten.add(chunk.bytes);
            try {
                to.flush();
            } catch (IOException e) {
                to.close();
            }
        }
    }
}
