package dev.shapeslab.web;

import java.util.List;

/**
 * The servlet variants' server, a profile axis of its own: Tomcat, unless the profile {@value #JETTY} is active.
 * {@code plain}, {@code rxjava}, {@code async} and {@code virtual} run on either, Jersey unchanged; {@code webflux} and
 * {@code vertx} have servers of their own, and start-up refuses {@value #JETTY} with them.
 */
public final class Servers {

    /** Jetty 12.1 (ee11) in place of Tomcat: {@code web.jetty}. */
    public static final String JETTY = "jetty";

    /** A profile expression: Tomcat serves (the default, no server profile). */
    public static final String TOMCAT = "!" + JETTY;

    /** The server profiles; none means Tomcat. */
    public static final List<String> ALL = List.of(JETTY);

    private Servers() {
    }
}
