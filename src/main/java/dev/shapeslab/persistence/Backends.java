package dev.shapeslab.persistence;

import java.util.List;

/**
 * The backends' profile names, at most one of which is active; none means the embedded in-memory H2
 * database ({@value #EMBEDDED}).
 */
public final class Backends {

    public static final String EMBEDDED = "embedded";
    public static final String H2 = "h2";
    public static final String PG = "pg";
    public static final String STUB = "stub";
    /** PostgreSQL through its non-blocking R2DBC driver: a {@code ReactiveEntityStore} instead of an {@code EntityStore}. */
    public static final String R2DBC = "r2dbc";

    public static final List<String> ALL = List.of(EMBEDDED, H2, PG, STUB, R2DBC);

    /** A profile expression: the backends whose stores are JPA over JDBC (embedded, h2, pg). */
    public static final String JDBC = "!" + STUB + " & !" + R2DBC;

    private Backends() {
    }
}
