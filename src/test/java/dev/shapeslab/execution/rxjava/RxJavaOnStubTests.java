package dev.shapeslab.execution.rxjava;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant rxjava over the stub backend. */
@ActiveProfiles({"rxjava", "stub"})
public class RxJavaOnStubTests extends CrudContractTests {
}
