package dev.shapeslab.execution.plain;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on the stub backend: in-memory stores, no database. */
@ActiveProfiles({"plain", "stub"})
public class PlainOnStubTests extends CrudContractTests {
}
