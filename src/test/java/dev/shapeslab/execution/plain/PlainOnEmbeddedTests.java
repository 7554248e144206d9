package dev.shapeslab.execution.plain;

import dev.shapeslab.contract.CrudContractTests;

/** The contract on the default set-up (no profile): variant plain, embedded in-memory H2. */
public class PlainOnEmbeddedTests extends CrudContractTests {
}
