package dev.shapeslab.backend;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on the stub backend: in-memory stores, no database. */
@ActiveProfiles("stub")
public class StubBackendContractTests extends CrudContractTests {
}
