package dev.shapeslab.execution.virtual;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.BeforeMethod;

/** The contract on variant virtual over the stub backend. */
@ActiveProfiles(resolver = VirtualProfiles.class)
@VirtualBackend("stub")
public class VirtualOnStubTests extends CrudContractTests {

    @BeforeMethod
    public void requireVirtualThreads() {
        VirtualProfiles.requireVirtualThreads();
    }
}
