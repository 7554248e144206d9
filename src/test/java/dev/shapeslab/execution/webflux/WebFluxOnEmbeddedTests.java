package dev.shapeslab.execution.webflux;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant webflux over the embedded H2 database, its JDBC calls on the bounded blocking pool. */
@ActiveProfiles("webflux")
public class WebFluxOnEmbeddedTests extends CrudContractTests {
}
