package dev.shapeslab.bench;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's HTTP server on a free loopback port, for the tests of the harness's own clients (the drill's
 * load, the open-model generator, the overload's lone client): one handler for every path, answered on a
 * pool of {@code threads}.
 */
final class LoopbackHttpServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService pool;

    private LoopbackHttpServer(HttpServer server, ExecutorService pool) {
        this.server = server;
        this.pool = pool;
    }

    static LoopbackHttpServer start(int threads, HttpHandler handler) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        server.setExecutor(pool);
        server.createContext("/", handler);
        server.start();
        return new LoopbackHttpServer(server, pool);
    }

    /** {@code http://127.0.0.1:<port>} */
    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Stops at once, interrupting handlers that still hold an answer. */
    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
