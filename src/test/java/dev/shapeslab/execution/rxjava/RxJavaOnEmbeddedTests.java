package dev.shapeslab.execution.rxjava;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant rxjava over the embedded H2 database. */
@ActiveProfiles("rxjava")
public class RxJavaOnEmbeddedTests extends CrudContractTests {
}
