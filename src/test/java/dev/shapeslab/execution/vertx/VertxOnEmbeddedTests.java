package dev.shapeslab.execution.vertx;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant vertx over the embedded H2 database, its JDBC calls on the bounded worker pool. */
@ActiveProfiles("vertx")
public class VertxOnEmbeddedTests extends CrudContractTests {
}
