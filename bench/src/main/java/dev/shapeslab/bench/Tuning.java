package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Each execution model at its best for a load, beside the app as shipped ({@code --config tuned}): the rule a team
 * would apply before it rewrote anything, so that a comparison sets models against each other and not one model's
 * defaults against another's. The rule, for {@code clients} closed-loop clients:
 * <ul>
 * <li>every model: admission above the clients ({@link #places}), so that nobody waits for a place or is turned
 * away, and a short queue;</li>
 * <li>the Tomcat variants: Tomcat's connections above the admitted and waiting (the app refuses fewer);</li>
 * <li>{@code plain} and {@code rxjava}, which hold a request thread for the whole request: Tomcat's request
 * threads sized to the clients (a platform thread each; their stacks are native memory, so a row gives RSS and
 * threads beside heap);</li>
 * <li>{@code async}, {@code webflux} and {@code vertx}: their blocking pools' queues above the clients (on the stub
 * they wait on a timer and the pool runs nothing, but a queue below the clients would refuse them);</li>
 * <li>{@code virtual}: nothing more; Tomcat starts a virtual thread per admitted request.</li>
 * </ul>
 * Every model runs in the same heap ({@code --heap}), stated with each result.
 */
final class Tuning {

    /** Requests that may wait for a place when admission is above the clients: only the stragglers of a window's end. */
    static final int QUEUE = 100;
    /** Connections past the admitted and waiting on which Tomcat answers the excess; the app's own margin. */
    static final int CONNECTION_MARGIN = 20;

    private Tuning() {
    }

    /** Admission's bound for {@code clients}: a tenth more, and at least 10 more, so that a reconnecting client finds a place. */
    static int places(int clients) {
        return clients + Math.max(clients / 10, 10);
    }

    /** The app's arguments that apply the rule to {@code variant} under {@code clients} clients; empty for none. */
    static List<String> appArguments(String variant, int clients) {
        int places = places(clients);
        List<String> args = new ArrayList<>();
        args.add("--shapes.admission.max-in-flight=" + places);
        args.add("--shapes.admission.max-queue=" + QUEUE);
        switch (variant) {
            case "plain", "rxjava" -> {
                args.add("--server.tomcat.max-connections=" + (places + QUEUE + CONNECTION_MARGIN));
                args.add("--server.tomcat.threads.max=" + places);
            }
            case "async" -> {
                args.add("--server.tomcat.max-connections=" + (places + QUEUE + CONNECTION_MARGIN));
                args.add("--async.blocking.queue-capacity=" + places);
            }
            case "virtual" -> args.add("--server.tomcat.max-connections=" + (places + QUEUE + CONNECTION_MARGIN));
            case "webflux" -> args.add("--webflux.blocking.queue-capacity=" + places);
            case "vertx" -> args.add("--vertx.blocking.queue-capacity=" + places);
            default -> throw new IllegalArgumentException("no tuning rule for variant " + variant);
        }
        return List.copyOf(args);
    }
}
