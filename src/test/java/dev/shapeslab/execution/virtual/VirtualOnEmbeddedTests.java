package dev.shapeslab.execution.virtual;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.BeforeMethod;

/** The contract on variant virtual over the embedded H2 database. */
@ActiveProfiles(resolver = VirtualProfiles.class)
@VirtualBackend
public class VirtualOnEmbeddedTests extends CrudContractTests {

    @BeforeMethod
    public void requireVirtualThreads() {
        VirtualProfiles.requireVirtualThreads();
    }
}
