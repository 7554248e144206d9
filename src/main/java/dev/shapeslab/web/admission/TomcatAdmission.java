package dev.shapeslab.web.admission;

import com.netflix.concurrency.limits.Limiter;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Admission control on Tomcat, a valve in front of Jersey: a bound on the requests in flight, whatever holds them
 * (a platform thread in plain and rxjava, a virtual thread, or a suspended async response that holds no thread),
 * with a queue in front of it that tells a crowd from an overload.
 *
 * <p>A request past the bound waits for a place, in arrival order, for at most {@code max-wait}; it is
 * answered 503 problem+json with {@code Retry-After} only when it has waited that long. One that finds
 * {@code max-queue} requests waiting already is refused: at once unless {@code refusal-delay} holds it (not by
 * default on Tomcat: {@code deployment.DeploymentDefaults}). A closed loop of clients keeps one request per client in
 * flight whenever the server is the bottleneck, so a bound that refused at once would turn away ordinary load
 * the server answers within a second. Waiting costs no thread in any variant: the request is suspended with
 * the Servlet API's asynchronous mode before Jersey reads it (Jetty's QoS filter does the same), and
 * dispatched again on the container's executor when a place is free, so it then runs on the thread its
 * variant promises (a Tomcat request thread, or a new virtual thread). A waiting request keeps its Tomcat
 * request processor and nothing else.
 *
 * <p>It is a Tomcat valve of the application's context, not a servlet filter: a valve runs before Tomcat
 * builds the request's filter chain, which looks up the chain's filters under the context's monitors. Under
 * {@code virtual} every request, waiting ones included and again when admitted, convoyed there behind the
 * runnable virtual threads in a cold JVM (docs/results.md, Admission); ahead of the chain, only admitted
 * requests reach those monitors. The bound, the queue and its order are {@link AdmissionQueue}'s.
 *
 * <p>A request counts until its response is complete, which Tomcat tells on one event: for a suspended response,
 * the end of its asynchronous cycle (this valve's listener on it), not when its pass through this valve returns
 * (which is why Netflix's own servlet filter, which releases on return, would not bound the async variant); for a
 * request that started no cycle, the return of its pass through this valve. Jersey's own end of a request is not a
 * second event: it gave places back while Tomcat lost cycles, whose cause is gone
 * (docs/notebook/2026-11-27-the-lost-async-completion.md).
 *
 * <p>A rejected request never reaches Jersey, so it never writes: its body is not even read.
 */
public class TomcatAdmission extends ValveBase implements Admission {

    /** The place a waiting request was given, handed from its admission to its second dispatch. */
    private static final String PLACE = TomcatAdmission.class.getName() + ".place";

    private final AdmissionQueue queue;
    /** Admission's own platform thread for handing places on under virtual threads: see the constructor. */
    private final ExecutorService handOver = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "admission-hand-over");
        thread.setDaemon(true);
        return thread;
    });

    public TomcatAdmission(AdmissionSettings settings) {
        this(settings, false);
    }

    /**
     * {@code virtualThreads}: Tomcat runs requests on virtual threads. A place is then handed on to a waiting
     * request from this valve's own platform thread: from the virtual thread whose request ended, the next request's
     * thread would start on the same carrier, which runs it before anything else, and such chains starved the
     * virtual threads woken from other queues (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     * The place itself is given back at once, on the thread that ends the request: given back on the hand-over
     * thread too, places stayed counted in flight for as long as its queue was long, and turned new requests away
     * at C10k (docs/results.md, C10k).
     */
    public TomcatAdmission(AdmissionSettings settings, boolean virtualThreads) {
        super(true); // a waiting request is suspended here, and admitted ones may be suspended behind
        this.queue = new AdmissionQueue(settings, virtualThreads ? handOver : Runnable::run);
    }

    @Override
    public AdmissionQueue queue() {
        return queue;
    }

    @Override
    protected void stopInternal() throws LifecycleException {
        queue.close();
        handOver.shutdownNow();
        super.stopInternal();
    }

    /** What comes after admission: the rest of the context's pipeline, Jersey at its end. */
    @FunctionalInterface
    interface Next {
        void invoke() throws IOException, ServletException;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        admit(request, response, request.isAsyncDispatching(), () -> getNext().invoke(request, response));
    }

    /**
     * Serves the request now, queues it, or answers 503. {@code dispatchedAgain}: the container runs the request
     * through the pipeline once more, after an asynchronous dispatch (a waiting request that was admitted, with its
     * place attached, or one that was admitted on its first pass).
     */
    void admit(HttpServletRequest request, HttpServletResponse response, boolean dispatchedAgain, Next next)
            throws IOException, ServletException {
        if (request.getAttribute(PLACE) instanceof Limiter.Listener place) {
            request.removeAttribute(PLACE);
            serve(request, response, next, place);
            return;
        }
        if (dispatchedAgain) {
            next.invoke(); // admitted on its first pass, counted until its cycle ends
            return;
        }
        Optional<Limiter.Listener> place = queue.tryAdmit();
        if (place.isPresent()) {
            serve(request, response, next, place.get());
        } else if (queue.refusesAtOnce()) {
            reject(request, response, AdmissionQueue.QUEUE_FULL);
        } else {
            AsyncContext context = request.startAsync();
            context.setTimeout(0); // no timeout of Tomcat's: only admission ends a wait (see Waiter)
            Waiter waiter = new Waiter(context);
            context.addListener(waiter);
            queue.await(waiter);
        }
    }

    private void serve(HttpServletRequest request, HttpServletResponse response, Next next, Limiter.Listener place)
            throws ServletException, IOException {
        Release release = new Release(place, response);
        try {
            next.invoke();
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(release);
            } else {
                release.run();
            }
        }
    }

    private void reject(HttpServletRequest request, HttpServletResponse response, String reason) throws IOException {
        queue.rejected(request.getRequestURI(), reason);
        ProblemCatalogue problem = ProblemCatalogue.AT_CAPACITY;
        byte[] body = problem.problem(request.getRequestURI()).toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatus(problem.status());
        problem.headers().forEach(response::setHeader);
        response.setContentType(Problem.MEDIA_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * A suspended request waiting for a place. Only admission ends its wait, exactly once (the queue's {@code leave}):
     * admitted, its cycle dispatched from whichever thread gave a place back; turned away by the queue's timer; or gone,
     * when Tomcat tells this listener.
     *
     * <p>Its cycle has no timeout of Tomcat's. With one (it was {@code max-wait} and a second, a backstop), Tomcat timed
     * waiting cycles out itself whenever the queue's timer ran late, and ended them (an error dispatch, then complete)
     * while admission dispatched the same cycle from another thread; Tomcat's async context cannot make those two safe
     * (it checks that the cycle is still on, then acts), and such a late call can reach the next request on the same
     * request processor: under a load that had Tomcat time waiting cycles out, cycles of answered requests were left
     * open, Jersey's completion lost, their places held and their connections with them (docs/notebook/2026-11-27-the-lost-async-completion.md).
     */
    private final class Waiter extends AdmissionQueue.Waiter implements AsyncListener {
        private final AsyncContext context;

        Waiter(AsyncContext context) {
            queue.super();
            this.context = context;
        }

        @Override
        protected boolean resume(Limiter.Listener place) {
            try {
                context.getRequest().setAttribute(PLACE, place);
                context.dispatch();
                return true;
            } catch (IllegalStateException completed) {
                // Its client went away as it was admitted: Tomcat ended the cycle before telling this listener.
                return false;
            }
        }

        @Override
        protected void turnAway(String reason) {
            try {
                reject((HttpServletRequest) context.getRequest(), (HttpServletResponse) context.getResponse(), reason);
            } catch (IOException clientGone) {
                // nothing more to answer; the cycle still ends
            }
            context.complete();
        }

        @Override public void onTimeout(AsyncEvent event) { } // none: the cycle has no timeout
        @Override public void onError(AsyncEvent event) { leaveGone(); }
        @Override public void onComplete(AsyncEvent event) { leaveGone(); }
        @Override public void onStartAsync(AsyncEvent event) { }
    }

    /**
     * Gives the request's place back once, when its response is complete: when Tomcat ends its asynchronous cycle
     * (it tells this listener), or when it returns from a request that did not start one. Once: Tomcat may tell both
     * an error and the cycle's end.
     */
    private final class Release implements AsyncListener, Runnable {
        private final Limiter.Listener place;
        private final HttpServletResponse response;
        private final AtomicBoolean done = new AtomicBoolean();

        Release(Limiter.Listener place, HttpServletResponse response) {
            this.place = place;
            this.response = response;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                queue.release(place, response.getStatus()); // read now: Tomcat recycles the response
            }
        }

        @Override public void onComplete(AsyncEvent event) { run(); }
        @Override public void onError(AsyncEvent event) { run(); }
        @Override public void onTimeout(AsyncEvent event) { run(); }
        @Override public void onStartAsync(AsyncEvent event) { }
    }
}
