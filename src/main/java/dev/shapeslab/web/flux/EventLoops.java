package dev.shapeslab.web.flux;

import java.util.concurrent.Executor;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.Connection;

/** The event loop that serves a request's connection under Reactor Netty, where its answer belongs. */
public final class EventLoops {

    private EventLoops() {
    }

    /** The request's connection's event loop; without Reactor Netty (a mock exchange), the calling thread. */
    public static Executor of(ServerWebExchange exchange) {
        try {
            Object request = ServerHttpRequestDecorator.getNativeRequest(exchange.getRequest());
            return request instanceof Connection connection ? connection.channel().eventLoop() : Runnable::run;
        } catch (IllegalStateException noServer) {
            return Runnable::run; // a mock request has no native one
        }
    }

    /** {@link #of} as a scheduler, to {@code publishOn}: a wrapper, no thread of its own. */
    public static Scheduler schedulerOf(ServerWebExchange exchange) {
        return Schedulers.fromExecutor(of(exchange));
    }
}
