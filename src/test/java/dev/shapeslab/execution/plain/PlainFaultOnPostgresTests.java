package dev.shapeslab.execution.plain;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.DatabaseFaults;
import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.faults.PostgresFaults;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Faults and overload under variant plain on the {@code pg} backend: PostgreSQL's sessions ended as by a
 * restart, new connections refused, and a hung server (see {@link PostgresFaults}). Skipped (before its context
 * loads) when no PostgreSQL is reachable, unless {@code -Dpg.tests.required=true}.
 */
@ActiveProfiles({"plain", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class PlainFaultOnPostgresTests extends FaultTests {

    private static final PostgresFaults PG = new PostgresFaults();

    @DynamicPropertySource
    static void postgresBehindAProxy(DynamicPropertyRegistry registry) {
        PG.register(registry);
    }

    @Override
    protected DatabaseFaults database() {
        return PG;
    }
}
