package dev.shapeslab.execution.vertx;

import dev.shapeslab.faults.H2FaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Faults and overload under variant vertx on the h2 backend, its JDBC calls on the bounded worker pool. */
@ActiveProfiles({"vertx", "h2"})
public class VertxFaultTests extends H2FaultTests {
}
