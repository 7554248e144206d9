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

    /**
     * A profile expression: backend {@code pg} under variant {@code vertx}, whose stores are the Vert.x PostgreSQL
     * client's ({@code persistence.pgclient}) on that variant's own Vert.x, not JPA over JDBC. The one backend whose
     * driver follows the variant: the client runs on Vert.x's event loops, which only that variant has, and that
     * variant's event loops are what the client is for. (The variant's name is written out: persistence knows no
     * execution package.)
     */
    public static final String PG_ON_VERTX = PG + " & vertx";

    /** A profile expression: the backends whose stores are JPA over JDBC (embedded, h2, pg but under vertx). */
    public static final String JDBC = "!" + STUB + " & !" + R2DBC + " & !(" + PG_ON_VERTX + ")";

    /**
     * A profile expression: the JDBC backends on H2 (embedded, h2), whose stores write through Hibernate in
     * transactions: H2 has neither {@code INSERT ... RETURNING} nor data-modifying {@code WITH}.
     */
    public static final String JDBC_ON_H2 = JDBC + " & !" + PG;

    /**
     * A profile expression: backend pg over JDBC (any variant but vertx), whose stores write each entity in one
     * statement in the database's auto-commit, the SQL the other PostgreSQL backends send.
     */
    public static final String JDBC_ON_PG = PG + " & !vertx";

    private Backends() {
    }
}
