package dev.shapeslab.execution.vertx;

import dev.shapeslab.Requires;
import dev.shapeslab.faults.R2dbcFaultTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.test.context.ActiveProfiles;

/**
 * Faults under variant vertx on backend pg, through the Vert.x PostgreSQL client: PostgreSQL hung, slow behind a lock,
 * and gone, with the promises of backend r2dbc (see {@link R2dbcFaultTests}).
 */
@ActiveProfiles({"vertx", "pg"})
@Requires(PostgresTestDatabase.Reachable.class)
public class VertxFaultOnPostgresTests extends R2dbcFaultTests {

    @Override
    protected int connectionsInUse() {
        return (int) applicationContext.getBean(MeterRegistry.class).get("vertx.pg.pool.acquired").gauge().value();
    }

    @Override
    protected String applicationName() {
        return VertxThreadingOnPostgresTests.APPLICATION_NAME;
    }
}
