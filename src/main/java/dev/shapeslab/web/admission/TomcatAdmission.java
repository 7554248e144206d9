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
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Admission control on Tomcat, a valve in front of Jersey: a waiting request is suspended (Servlet async) before
 * Jersey reads it, holding no thread, and dispatched on the container's executor when admitted. A valve, not a filter:
 * Tomcat builds a filter chain under monitors where {@code virtual}'s threads convoyed (docs/faults.md). A request
 * counts until the end of its asynchronous cycle, not the valve's return, which is why Netflix's servlet filter would
 * not bound {@code async}.
 */
public class TomcatAdmission extends ValveBase implements Admission {

    /** The place a waiting request was given, handed from its admission to its second dispatch. */
    private static final String PLACE = TomcatAdmission.class.getName() + ".place";

    private final AdmissionQueue queue;

    public TomcatAdmission(AdmissionSettings settings) {
        this(settings, false);
    }

    /** {@code virtualThreads}: Tomcat runs requests on virtual threads ({@link AdmissionQueue} hands places on then). */
    public TomcatAdmission(AdmissionSettings settings, boolean virtualThreads) {
        super(true); // a waiting request is suspended here, and admitted ones may be suspended behind
        this.queue = new AdmissionQueue(settings, virtualThreads);
    }

    @Override
    public AdmissionQueue queue() {
        return queue;
    }

    @Override
    protected void stopInternal() throws LifecycleException {
        queue.close();
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

    /** Serves the request now, queues it, or answers 503; {@code dispatchedAgain}: its pass after a dispatch. */
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
     * A suspended request waiting for a place; only admission ends its wait. Its cycle has no timeout of Tomcat's,
     * which raced admission's dispatch and left cycles open (docs/notebook/2026-11-27-the-lost-async-completion.md).
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

    /** Gives the place back once: Tomcat may tell both an error and the end of the cycle. */
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
