package dev.shapeslab.backend;

import dev.shapeslab.contract.CrudContractTests;

/** The contract on the default set-up: variant plain, embedded in-memory H2. */
public class EmbeddedBackendContractTests extends CrudContractTests {
}
