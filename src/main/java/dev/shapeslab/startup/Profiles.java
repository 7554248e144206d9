package dev.shapeslab.startup;

import java.util.List;

/**
 * The two profile axes: one execution variant and one backend, at most one of each. No execution profile
 * means {@value #PLAIN}; no backend profile means the embedded H2 database ({@value #EMBEDDED}).
 */
public final class Profiles {

    public static final String PLAIN = "plain";
    public static final String RXJAVA = "rxjava";
    public static final String ASYNC = "async";
    public static final String VIRTUAL = "virtual";

    public static final String EMBEDDED = "embedded";
    public static final String H2 = "h2";
    public static final String PG = "pg";
    public static final String STUB = "stub";

    public static final List<String> EXECUTION = List.of(PLAIN, RXJAVA, ASYNC, VIRTUAL);
    public static final List<String> BACKENDS = List.of(EMBEDDED, H2, PG, STUB);

    private Profiles() {
    }
}
