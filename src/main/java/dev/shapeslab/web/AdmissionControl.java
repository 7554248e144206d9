package dev.shapeslab.web;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A bound on the requests in flight, whatever holds them: a platform thread (plain, rxjava), a virtual
 * thread, or a suspended async response that holds no thread at all. Past it, a request is answered 503
 * problem+json with {@code Retry-After} on the spot, before Jersey reads it, so a rejection costs neither a
 * thread held nor heap kept, and the requests already admitted keep their latency.
 *
 * <p>A request counts until its response is complete: for a suspended response that is when the async
 * cycle ends, not when this filter returns (which is why Netflix's own servlet filter, which releases on
 * return, would not bound the async variant). The limiter is Netflix's concurrency-limits: {@code fixed}
 * (the default, a plain bound, which keeps the lab's comparisons about the execution models) or
 * {@code gradient2} (adapts the bound to measured latency, up to the configured maximum).
 */
public class AdmissionControl extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(AdmissionControl.class);

    private final SimpleLimiter<HttpServletRequest> limiter;
    private final AtomicLong rejected = new AtomicLong();

    public AdmissionControl(String algorithm, int maxInFlight) {
        this.limiter = SimpleLimiter.newBuilder().named("requests").limit(limit(algorithm, maxInFlight)).build();
    }

    static Limit limit(String algorithm, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("shapes.admission.max-in-flight must be at least 1: " + maxInFlight);
        }
        return switch (algorithm) {
            case "fixed" -> FixedLimit.of(maxInFlight);
            case "gradient2" -> Gradient2Limit.newBuilder().initialLimit(Math.min(100, maxInFlight))
                    .minLimit(Math.min(20, maxInFlight)).maxConcurrency(maxInFlight).build();
            default -> throw new IllegalArgumentException(
                    "shapes.admission.algorithm must be fixed or gradient2, not '" + algorithm + "'");
        };
    }

    /** The bound on requests in flight now (fixed, or where the adaptive algorithm has put it). */
    public int limit() {
        return limiter.getLimit();
    }

    /** Requests admitted and not yet complete. */
    public int inFlight() {
        return limiter.getInflight();
    }

    /** Requests answered 503 here since start. */
    public long rejected() {
        return rejected.get();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<Limiter.Listener> admitted = limiter.acquire(request);
        if (admitted.isEmpty()) {
            reject(request, response);
            return;
        }
        Release release = new Release(admitted.get(), response);
        try {
            chain.doFilter(request, response);
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(release);
            } else {
                release.run();
            }
        }
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return true; // counted once, from the first dispatch until the async cycle completes
    }

    private void reject(HttpServletRequest request, HttpServletResponse response) throws IOException {
        AdmissionRejectedEvent event = new AdmissionRejectedEvent();
        if (event.shouldCommit()) {
            event.path = request.getRequestURI();
            event.inFlight = inFlight();
            event.commit();
        }
        if (rejected.incrementAndGet() % 10_000 == 1) {
            log.warn("At capacity: answering 503 to requests beyond {} in flight ({} so far)",
                    limiter.getLimit(), rejected.get());
        }
        byte[] body = Problem.of(503, "The service is at capacity; retry shortly", request.getRequestURI())
                .toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatus(503);
        response.setHeader("Retry-After", "1");
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** Gives the request's place back once, when its response is complete. */
    private static final class Release implements AsyncListener, Runnable {
        private final Limiter.Listener listener;
        private final HttpServletResponse response;
        private final AtomicBoolean done = new AtomicBoolean();

        Release(Limiter.Listener listener, HttpServletResponse response) {
            this.listener = listener;
            this.response = response;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                if (response.getStatus() < 500) {
                    listener.onSuccess();
                } else {
                    listener.onIgnore();
                }
            }
        }

        @Override public void onComplete(AsyncEvent event) { run(); }
        @Override public void onTimeout(AsyncEvent event) { run(); }
        @Override public void onError(AsyncEvent event) { run(); }
        @Override public void onStartAsync(AsyncEvent event) { }
    }
}
