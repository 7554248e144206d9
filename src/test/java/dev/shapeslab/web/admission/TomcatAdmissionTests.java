package dev.shapeslab.web.admission;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.web.Problem;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.mock.web.MockAsyncContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.testng.annotations.Test;

/**
 * The admission queue's races with the container, which a test over HTTP cannot time: Spring's servlet mocks
 * stand for Tomcat, and a request that holds its place stays suspended until the test completes it.
 */
public class TomcatAdmissionTests {

    /**
     * A waiting request whose client went away while it was being admitted: Tomcat's async context then refuses
     * even {@code getRequest()}, before its error listener has taken the request out of the queue. The request
     * that gave its place back must not fail for it, and the place goes to the next in line.
     */
    @Test
    public void aWaiterWhoseClientLeftAsItWasAdmittedCostsNeitherTheReleasingRequestNorThePlace() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(new AdmissionSettings(1, 10, Duration.ofMinutes(1), "fixed"));
        MockHttpServletRequest holder = asyncRequest();
        admission.admit(holder, new MockHttpServletResponse(), false, holder::startAsync);
        GoneWhenAdmitted gone = new GoneWhenAdmitted(asyncRequest());
        admission.admit(gone, new MockHttpServletResponse(), false, () -> { });
        MockHttpServletRequest next = asyncRequest();
        admission.admit(next, new MockHttpServletResponse(), false, () -> { });
        assertEquals(admission.waiting(), 2);

        gone.clientLeft = true;
        ((MockAsyncContext) holder.getAsyncContext()).complete(); // the holder's cycle ends: its place is free

        assertEquals(admission.waiting(), 0);
        assertEquals(admission.inFlight(), 1, "the place went to the request after the one that left");
        assertTrue(((MockAsyncContext) next.getAsyncContext()).getDispatchedPath() != null, "next was not dispatched");
    }

    /**
     * Only admission ends a wait: the waiting request's cycle has no timeout of Tomcat's. With one, Tomcat timed waiting
     * cycles out itself when the queue's timer ran late, and ended them while admission dispatched them from another
     * thread; cycles of other requests answered afterwards on the same request processors were then never ended
     * (docs/notebook/2026-11-27-the-lost-async-completion.md).
     */
    @Test
    public void aWaitingRequestsCycleHasNoContainerTimeoutSoOnlyAdmissionEndsTheWait() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(new AdmissionSettings(1, 10, Duration.ofMillis(200), "fixed"));
        MockHttpServletRequest holder = asyncRequest();
        admission.admit(holder, new MockHttpServletResponse(), false, holder::startAsync);
        MockHttpServletRequest waiting = asyncRequest();
        admission.admit(waiting, new MockHttpServletResponse(), false, () -> { });
        assertEquals(admission.waiting(), 1);

        assertEquals(((MockAsyncContext) waiting.getAsyncContext()).getTimeout(), 0L,
                "Tomcat was given a timeout for the waiting request's cycle");
    }

    /**
     * One event gives a suspended request's place back: Tomcat's end of its asynchronous cycle, whether it tells an
     * error first or not, and only once; until then the place is held. Jersey's end of the request is no second
     * event (docs/notebook/2026-11-27-the-lost-async-completion.md).
     */
    @Test
    public void aSuspendedRequestsPlaceComesBackOnceWhenTomcatEndsItsCycle() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(new AdmissionSettings(1, 10, Duration.ofMinutes(1), "fixed"));
        MockHttpServletRequest holder = asyncRequest();
        admission.admit(holder, new MockHttpServletResponse(), false, holder::startAsync);
        MockHttpServletRequest next = asyncRequest();
        admission.admit(next, new MockHttpServletResponse(), false, () -> { });
        assertEquals(admission.inFlight(), 1);
        assertEquals(admission.waiting(), 1, "the place came back before the holder's cycle ended");

        MockAsyncContext cycle = (MockAsyncContext) holder.getAsyncContext();
        for (AsyncListener listener : cycle.getListeners()) {
            listener.onError(new AsyncEvent(cycle, new IOException("client gone"))); // Tomcat: an error, then the end
        }
        assertEquals(admission.waiting(), 0);
        assertEquals(admission.inFlight(), 1, "the place went to the waiting request");
        assertTrue(((MockAsyncContext) next.getAsyncContext()).getDispatchedPath() != null, "next was not dispatched");
        cycle.complete();
        assertEquals(admission.inFlight(), 1, "the holder's place was given back twice");
    }

    /** A request that starts no cycle gives its place back as its pass through the valve returns. */
    @Test
    public void aRequestThatStartsNoCycleGivesItsPlaceBackAsTheValveReturns() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(new AdmissionSettings(1, 10, Duration.ofMinutes(1), "fixed"));
        MockHttpServletRequest request = asyncRequest();
        int[] inFlightWhileServed = {-1};
        admission.admit(request, new MockHttpServletResponse(), false,
                () -> inFlightWhileServed[0] = admission.inFlight());

        assertEquals(inFlightWhileServed[0], 1);
        assertEquals(admission.inFlight(), 0);
    }

    /**
     * Under virtual threads a place is given back and handed on from admission's own platform thread, not from
     * the virtual thread whose request ended: started there, the next request's thread was run by the same
     * carrier before anything else, and a chain of such hand-overs starved the threads woken elsewhere
     * (docs/notebook/2026-11-26-virtual-threads-and-the-scheduler-queues.md).
     */
    @Test
    public void underVirtualThreadsAPlaceIsHandedOnFromAdmissionsOwnThread() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(
                new AdmissionSettings(1, 10, Duration.ofMinutes(1), "fixed"), true);
        MockHttpServletRequest holder = asyncRequest();
        admission.admit(holder, new MockHttpServletResponse(), false, holder::startAsync);
        DispatchWatched next = new DispatchWatched(asyncRequest());
        admission.admit(next, new MockHttpServletResponse(), false, () -> { });

        ((MockAsyncContext) holder.getAsyncContext()).complete();

        assertTrue(next.dispatched.await(30, TimeUnit.SECONDS), "the waiting request was never admitted");
        assertEquals(next.dispatchedOn, "admission-hand-over");
        assertEquals(admission.inFlight(), 1);
        assertEquals(admission.waiting(), 0);
    }

    /**
     * One expiry is armed at a time, for the oldest waiter, and re-arms itself for the next: a request that starts
     * to wait after the head was admitted is still turned away once it has waited {@code max-wait}, and the
     * admitted one is not.
     */
    @Test
    public void aWaiterQueuedBehindAnAdmittedOneIsTurnedAwayOnceItHasWaitedTheBound() throws Exception {
        TomcatAdmission admission = new TomcatAdmission(
                new AdmissionSettings(1, 10, Duration.ofMillis(200), "fixed"));
        MockHttpServletRequest holder = asyncRequest();
        admission.admit(holder, new MockHttpServletResponse(), false, holder::startAsync);
        MockHttpServletResponse admittedResponse = new MockHttpServletResponse();
        admission.admit(asyncRequest(admittedResponse), admittedResponse, false, () -> { });
        ((MockAsyncContext) holder.getAsyncContext()).complete();
        assertEquals(admission.waiting(), 0, "the first waiter was not admitted");

        MockHttpServletResponse laterResponse = new MockHttpServletResponse();
        MockHttpServletRequest later = asyncRequest(laterResponse);
        admission.admit(later, laterResponse, false, () -> { });
        assertEquals(admission.waiting(), 1);

        await().atMost(Duration.ofSeconds(30)).until(() -> !later.isAsyncStarted()); // its cycle was completed
        assertEquals(admission.timedOut(), 1);
        assertEquals(laterResponse.getStatus(), 503);
        assertEquals(laterResponse.getHeader("Retry-After"), Long.toString(Problem.RETRY_AFTER_SECONDS));
        assertEquals(admission.waiting(), 0);
        assertEquals(admittedResponse.getStatus(), 200, "the admitted request was turned away too");
        assertEquals(admission.inFlight(), 1, "the admitted request lost its place");
    }

    /** A request that records which thread dispatched it again. */
    private static final class DispatchWatched extends WatchedAsync {
        final CountDownLatch dispatched = new CountDownLatch(1);
        volatile String dispatchedOn;

        DispatchWatched(MockHttpServletRequest request) {
            super(request);
        }

        @Override
        void before(String method) {
            if (method.equals("dispatch")) {
                dispatchedOn = Thread.currentThread().getName();
                dispatched.countDown();
            }
        }
    }

    /** A request whose async context answers on {@code response}, as Tomcat's does on the request's own. */
    private static MockHttpServletRequest asyncRequest(MockHttpServletResponse response) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/circles") {
            @Override
            public AsyncContext startAsync() {
                return startAsync(this, response);
            }
        };
        request.setAsyncSupported(true);
        return request;
    }

    private static MockHttpServletRequest asyncRequest() {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/circles");
        request.setAsyncSupported(true);
        return request;
    }

    /** A request whose async context, once its client has left, answers as Tomcat's does after the cycle ended. */
    private static final class GoneWhenAdmitted extends WatchedAsync {
        volatile boolean clientLeft;

        GoneWhenAdmitted(MockHttpServletRequest request) {
            super(request);
        }

        @Override
        void before(String method) {
            if (clientLeft && (method.equals("getRequest") || method.equals("dispatch"))) {
                throw new IllegalStateException("The request associated with the AsyncContext has already completed processing.");
            }
        }
    }

    /** A request whose async context (the mock's) passes each call through {@link #before} first. */
    private abstract static class WatchedAsync extends HttpServletRequestWrapper {
        private AsyncContext context;

        WatchedAsync(MockHttpServletRequest request) {
            super(request);
        }

        abstract void before(String method);

        @Override
        public AsyncContext startAsync() {
            AsyncContext mock = super.startAsync();
            context = (AsyncContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {AsyncContext.class}, (proxy, method, args) -> {
                        before(method.getName());
                        try {
                            return method.invoke(mock, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
            return context;
        }

        @Override
        public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
            return startAsync();
        }

        @Override
        public AsyncContext getAsyncContext() {
            return context;
        }
    }
}
