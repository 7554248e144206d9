package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Each execution model at its best for a load, beside the app as shipped ({@code --config tuned}): the rule a team
 * would apply before it rewrote anything, so that a comparison sets models against each other and not one model's
 * defaults against another's. The rule, for {@code clients} closed-loop clients and a backend latency:
 * <ul>
 * <li>every model: admission above the clients ({@link #places}), so that nobody is turned away;</li>
 * <li>the servlet variants: Tomcat's connections above the admitted and waiting (the app refuses fewer; Jetty
 * accepts every client already);</li>
 * <li>{@code plain} and {@code rxjava}, which hold a request thread for the whole request: as many admitted as the
 * requests that wait at once when the CPU is busy (Little's law: {@link #CAPACITY} × latency), at least Tomcat's 200
 * request threads' worth and at most the clients; the other clients wait at admission, holding no thread, for up to
 * {@link #MAX_WAIT}. The app gives the server a request thread for each admitted and 50 more, to read the others and
 * queue or turn them away (web.admission.RequestThreads in the app). More threads than that would only take turns on
 * the cores. (A platform thread's stack is native memory, so a row gives RSS and threads beside heap.)</li>
 * <li>{@code async}, {@code webflux} and {@code vertx}: the blocking pool's queue ({@code shapes.blocking.*}, one set
 * for the three) as large as admission's bound (on the stub they wait on a timer and the pool runs nothing, but a queue
 * below the clients would refuse them; the app refuses to start with less room than admission admits);</li>
 * <li>{@code virtual}: nothing more; Tomcat starts a virtual thread per admitted request.</li>
 * </ul>
 * Every model runs in the same heap ({@code --heap}), stated with each result.
 */
final class Tuning {

    /** Requests that may wait for a place when every client is admitted: only the stragglers of a window's end. */
    static final int QUEUE = 100;
    /**
     * Requests a second the CPU serves here when a request waits on the backend (the stub's GET at 100 ms:
     * 9,100–9,800 successes a second for every model that held its clients, docs/results.md), for Little's law.
     */
    static final int CAPACITY = 10_000;
    /** The fewest a thread-per-request model admits: Tomcat's and Jetty's own default of request threads. */
    static final int MIN_THREADS = 200;
    /** The longest a client waits for a thread at admission: far above a round of the closed loop at capacity. */
    static final String MAX_WAIT = "10s";
    /** Connections past the admitted and waiting on which Tomcat answers the excess; the app's own margin. */
    static final int CONNECTION_MARGIN = 20;

    private Tuning() {
    }

    /** Admission's bound for {@code clients}: a tenth more, and at least 10 more, so that a reconnecting client finds a place. */
    static int places(int clients) {
        return clients + Math.max(clients / 10, 10);
    }

    /**
     * The request threads a thread-per-request model needs for {@code clients} clients at {@code latencyMs}: the
     * requests that wait at once at {@link #CAPACITY}, between {@link #MIN_THREADS} and {@link #places}.
     */
    static int threads(int clients, int latencyMs) {
        long waiting = (long) CAPACITY * latencyMs / 1000;
        return (int) Math.min(places(clients), Math.max(MIN_THREADS, waiting));
    }

    /** The app's arguments that apply the rule to {@code variant} under {@code clients} clients at {@code latencyMs}. */
    static List<String> appArguments(String variant, int clients, int latencyMs) {
        int places = places(clients);
        if (variant.equals("plain") || variant.equals("rxjava")) {
            // the threads' worth in flight, every other client waiting at admission on no thread
            int threads = threads(clients, latencyMs);
            int queue = places - threads + QUEUE;
            return List.of("--shapes.admission.max-in-flight=" + threads, "--shapes.admission.max-queue=" + queue,
                    "--shapes.admission.max-wait=" + MAX_WAIT,
                    "--server.tomcat.max-connections=" + (threads + queue + CONNECTION_MARGIN));
        }
        List<String> args = new ArrayList<>(List.of("--shapes.admission.max-in-flight=" + places,
                "--shapes.admission.max-queue=" + QUEUE));
        switch (variant) {
            case "async" -> {
                args.add("--server.tomcat.max-connections=" + (places + QUEUE + CONNECTION_MARGIN));
                args.add("--shapes.blocking.queue-capacity=" + places);
            }
            case "virtual" -> args.add("--server.tomcat.max-connections=" + (places + QUEUE + CONNECTION_MARGIN));
            case "webflux", "vertx" -> args.add("--shapes.blocking.queue-capacity=" + places);
            default -> throw new IllegalArgumentException("no tuning rule for variant " + variant);
        }
        return List.copyOf(args);
    }
}
