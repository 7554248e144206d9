package dev.shapeslab.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The clients of a {@link DrillLoad} as non-blocking connections on a few event loops, the way wrk runs
 * its connections: each loop is one platform thread with a selector and serves its share of the clients
 * in the order the kernel reports them ready.
 *
 * <p>Why not a thread per client: in the overload (5,000 clients, each reconnecting after every 503) the
 * server answered every 503 within milliseconds (Tomcat's access log), yet some answers lay unread in their
 * client's socket until the load stopped: the virtual threads waiting to read them were not run while the
 * others kept their two carriers busy; with 5,000 platform threads none starved, but starting them took
 * longer than the overload's lead-in (docs/notebook/2026-11-24-overload-clients-and-processors.md). A loop
 * reads every ready connection before it polls again, so no client waits for more than one round.
 *
 * <p>A client is a state machine: connect (a new connection for its first request and after the server
 * closed one), write the request, read the answer ({@link HttpResponseReader}), then the next request at
 * once, or after the pause {@link DrillLoad#answered} or {@link DrillLoad#failed} gives. The timeout bounds the connect and each wait for
 * the next bytes of an answer, as a blocking socket's read timeout does.
 */
final class LoopClients {

    private static final long NO_DEADLINE = Long.MAX_VALUE;
    /** How often a loop looks for clients past their deadline: a timeout is seconds, so a tenth of one is exact enough. */
    private static final long DEADLINE_SCAN_NANOS = 100_000_000L;

    private final DrillLoad load;
    private final InetSocketAddress address;
    private final byte[] head;
    private final long timeoutNanos;
    private final List<Loop> loops = new ArrayList<>();

    /** {@code clients} connections on {@code loopCount} event loops (each client stays on its loop). */
    LoopClients(DrillLoad load, int clients, int loopCount) {
        this.load = load;
        this.address = new InetSocketAddress(load.base().getHost(), load.base().getPort());
        this.head = ("POST " + DrillLoad.PATH + " HTTP/1.1\r\nHost: " + load.base().getHost() + ":" + load.base().getPort()
                + "\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: ")
                .getBytes(StandardCharsets.US_ASCII);
        this.timeoutNanos = load.timeoutMillis() * 1_000_000L;
        for (int i = 0; i < loopCount; i++) {
            loops.add(new Loop(i));
        }
        for (int i = 0; i < clients; i++) {
            Loop loop = loops.get(i % loopCount);
            loop.clients.add(new Client(loop));
        }
    }

    /** The number of loops a machine gets: one per core, at most 4 (a loop serves thousands of clients). */
    static int defaultLoops() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    }

    void start() throws IOException {
        for (Loop loop : loops) {
            loop.open();
        }
        for (Loop loop : loops) {
            loop.thread.start();
        }
    }

    /**
     * Waits until every loop has finished its clients' last requests (the load is stopping); their records.
     * @throws IllegalStateException if a loop's selector failed, so that a cell does not report a partial load
     */
    List<DrillRecord> join() throws InterruptedException {
        List<DrillRecord> all = new ArrayList<>();
        for (Loop loop : loops) {
            loop.thread.join();
            if (loop.failure != null) {
                throw new IllegalStateException("the drill's event loop failed: " + loop.failure, loop.failure);
            }
            all.addAll(loop.records);
        }
        return all;
    }

    private final class Loop implements Runnable {

        final Thread thread;
        final List<Client> clients = new ArrayList<>();
        final List<DrillRecord> records = new ArrayList<>();
        final PriorityQueue<Client> paused = new PriorityQueue<>((a, b) -> Long.compare(a.resumeAt, b.resumeAt));
        final ByteBuffer readBuffer = ByteBuffer.allocateDirect(16 * 1024);
        Selector selector;
        int active;
        volatile IOException failure;

        Loop(int index) {
            thread = new Thread(this, "drill-loop-" + index);
            thread.setDaemon(true);
        }

        void open() throws IOException {
            selector = Selector.open();
        }

        @Override
        public void run() {
            try (Selector s = selector) {
                active = clients.size();
                for (Client c : clients) {
                    c.next();
                }
                long nextScan = System.nanoTime() + DEADLINE_SCAN_NANOS;
                while (active > 0) {
                    long now = System.nanoTime();
                    long wake = Math.min(nextScan, paused.isEmpty() ? NO_DEADLINE : paused.peek().resumeAt);
                    long waitMillis = Math.max(1, (wake - now) / 1_000_000L);
                    s.select(this::ready, load.stopping() ? Math.min(waitMillis, 10) : waitMillis);
                    now = System.nanoTime();
                    while (!paused.isEmpty() && (paused.peek().resumeAt <= now || load.stopping())) {
                        paused.poll().next();
                    }
                    if (now >= nextScan) {
                        for (Client c : clients) {
                            if (c.deadline <= now) {
                                c.timedOut();
                            }
                        }
                        nextScan = now + DEADLINE_SCAN_NANOS;
                    }
                }
            } catch (IOException e) {
                failure = e; // the selector itself failed: said by join(), not lost with this thread
            }
        }

        private void ready(SelectionKey key) {
            Client c = (Client) key.attachment();
            try {
                if (key.isConnectable()) {
                    c.connected();
                } else if (key.isWritable()) {
                    c.write();
                } else if (key.isReadable()) {
                    c.read();
                }
            } catch (IOException | RuntimeException e) {
                c.failed(e);
            }
        }
    }

    private final class Client {

        final Loop loop;
        SocketChannel channel;
        SelectionKey key;
        ByteBuffer request;
        HttpResponseReader reader;
        long n;
        long startMicros;
        long deadline = NO_DEADLINE;
        long resumeAt;
        boolean connecting;

        Client(Loop loop) {
            this.loop = loop;
        }

        /** The next request, or the end of this client when the load is stopping. */
        void next() {
            if (load.stopping()) {
                close(); // a connection left open would hold one of the server's connections after the load
                loop.active--;
                return;
            }
            n = load.nextNumber();
            startMicros = load.now();
            byte[] body = DrillLoad.body(n).getBytes(StandardCharsets.UTF_8);
            byte[] length = (body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            request = ByteBuffer.allocate(head.length + length.length + body.length).put(head).put(length).put(body).flip();
            reader = new HttpResponseReader();
            deadline = System.nanoTime() + timeoutNanos;
            try {
                if (channel == null) {
                    channel = SocketChannel.open();
                    channel.configureBlocking(false);
                    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    key = channel.register(loop.selector, 0, this);
                    if (!channel.connect(address)) {
                        connecting = true;
                        key.interestOps(SelectionKey.OP_CONNECT);
                        return;
                    }
                }
                write();
            } catch (IOException | RuntimeException e) {
                failed(e);
            }
        }

        void connected() throws IOException {
            channel.finishConnect();
            connecting = false;
            write();
        }

        void write() throws IOException {
            channel.write(request);
            if (request.hasRemaining()) {
                key.interestOps(SelectionKey.OP_WRITE);
            } else {
                deadline = System.nanoTime() + timeoutNanos;
                key.interestOps(SelectionKey.OP_READ);
            }
        }

        void read() throws IOException {
            ByteBuffer buffer = loop.readBuffer.clear();
            int count = channel.read(buffer);
            if (count < 0) {
                answered(reader.endOfStream());
                return;
            }
            deadline = System.nanoTime() + timeoutNanos;
            if (reader.feed(buffer.flip())) {
                answered(reader.response());
            }
        }

        void answered(HttpResponseReader.Response r) {
            if (r.close()) {
                close();
            }
            resume(load.answered(loop.records, n, startMicros, r));
        }

        void timedOut() {
            SocketTimeoutException timeout = new SocketTimeoutException(connecting ? "Connect timed out" : "Read timed out");
            close();
            resume(load.failed(loop.records, n, startMicros, DrillRecord.TIMEOUT, timeout));
        }

        void failed(Exception e) {
            close();
            resume(load.failed(loop.records, n, startMicros, DrillRecord.ERROR, e));
        }

        /** The next request after {@code pauseMillis}, or at once. */
        private void resume(long pauseMillis) {
            deadline = NO_DEADLINE;
            if (pauseMillis > 0 && !load.stopping()) {
                resumeAt = System.nanoTime() + pauseMillis * 1_000_000L;
                loop.paused.add(this);
            } else {
                next();
            }
        }

        private void close() {
            if (channel != null) {
                try {
                    channel.close(); // cancels the key too
                } catch (IOException ignored) {
                    // the connection is dropped either way
                }
            }
            channel = null;
            key = null;
            connecting = false;
        }
    }
}
