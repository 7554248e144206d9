package dev.shapeslab.web.admission;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * How many request threads a servlet server keeps under {@code plain} and {@code rxjava}, beside admission's bound:
 * one for every request admitted, and {@value #BEYOND_ADMITTED} more. There an admitted request holds its request
 * thread until it ends, and on Tomcat every other request needs one for a moment to be read, queued or turned away;
 * with no thread beyond the admitted, those waited in the pool's own queue behind the admitted ones past their
 * clients' timeouts (pools of 100 connections, 200 admitted on 200 threads, on Tomcat and, before its admission read
 * requests on its selectors, on Jetty: docs/notebook/2026-12-02-jetty-holds-refusals.md). Jetty's pool also runs its
 * acceptors, selectors and reserved threads, which the threads beyond leave room for. Tomcat's and Jetty's adapters
 * apply it. The other variants'
 * requests hold a request thread only while they are read and answered (under {@code virtual}, a virtual thread of
 * their own), so their admitted requests need none each.
 *
 * <p>The threads beyond let the requests past the admitted be answered within admission's bounds; they also let them
 * be turned away as fast as they come. On Jetty, which holds a refusal, that costs the admitted requests nothing
 * measurable; on Tomcat, which answers it at once and closes the connection, refused clients come straight back and
 * take CPU from the admitted (docs/results.md, "Request threads beyond the admitted, on both servers").
 *
 * <p>A pool size the user set ({@code server.tomcat.threads.max}, {@code server.jetty.threads.max}) is kept, with a
 * warning when it leaves fewer threads beyond the admitted: the tests that prove a variant's thread model by its
 * effects run on two request threads on purpose.
 */
public final class RequestThreads {

    /** Threads beyond the admitted: as many as the stub leaves {@code plain} (150 admitted under Boot's 200). */
    public static final int BEYOND_ADMITTED = 50;

    private static final Logger log = LoggerFactory.getLogger(RequestThreads.class);

    private RequestThreads() {
    }

    /** The fewest request threads for {@code settings}: the admitted, and {@value #BEYOND_ADMITTED} more. */
    private static int needed(AdmissionSettings settings) {
        return Math.addExact(settings.maxInFlight(), BEYOND_ADMITTED);
    }

    /**
     * The size of the server's pool: {@code configured} (the server's setting {@code property}, or Boot's default when
     * unset) raised to {@link #needed} unless the user set it; says which as the server is built.
     */
    public static int poolSize(AdmissionSettings settings, Environment environment, String property, int configured) {
        int needed = needed(settings);
        if (configured >= needed) {
            return configured;
        }
        if (Binder.get(environment).bind(property, Integer.class).isBound()) {
            log.warn("{}={} leaves fewer than {} request threads beyond admission's {} in flight: requests past the "
                    + "admitted wait for a thread behind them before they are read, queued or turned away. Unset it "
                    + "for {}.", property, configured, BEYOND_ADMITTED, settings.maxInFlight(), needed);
            return configured;
        }
        log.info("{} request threads instead of {} ({}): admission's {} in flight, and {} more to read the other "
                + "requests and queue or turn them away", needed, configured, property, settings.maxInFlight(),
                BEYOND_ADMITTED);
        return needed;
    }
}
