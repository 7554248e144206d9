package dev.shapeslab.execution.async;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant async over the embedded H2 database. */
@ActiveProfiles("async")
public class AsyncOnEmbeddedTests extends CrudContractTests {
}
