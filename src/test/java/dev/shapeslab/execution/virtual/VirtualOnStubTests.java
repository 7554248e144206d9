package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant virtual over the stub backend. */
@ActiveProfiles({"virtual", "stub"})
@Requires(VirtualThreads.class)
public class VirtualOnStubTests extends CrudContractTests {
}
