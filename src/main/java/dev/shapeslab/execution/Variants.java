package dev.shapeslab.execution;

import java.util.List;

/**
 * The execution variants' profile names, one of which is active ({@value #PLAIN} when none is given). Each
 * variant's beans declare which of them they serve.
 */
public final class Variants {

    public static final String PLAIN = "plain";
    public static final String RXJAVA = "rxjava";
    public static final String ASYNC = "async";
    public static final String VIRTUAL = "virtual";
    /** Spring WebFlux on Reactor Netty: no Tomcat and no Jersey (application-webflux.properties). */
    public static final String WEBFLUX = "webflux";
    /** Vert.x Web on Vert.x's own HTTP server, deployed by Spring: no Spring web server (application-vertx.properties). */
    public static final String VERTX = "vertx";

    public static final List<String> ALL = List.of(PLAIN, RXJAVA, ASYNC, VIRTUAL, WEBFLUX, VERTX);

    private Variants() {
    }
}
