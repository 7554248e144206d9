package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant virtual over the embedded H2 database. */
@ActiveProfiles("virtual")
@Requires(VirtualThreads.class)
public class VirtualOnEmbeddedTests extends CrudContractTests {
}
