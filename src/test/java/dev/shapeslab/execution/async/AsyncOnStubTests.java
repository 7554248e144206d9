package dev.shapeslab.execution.async;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

/**
 * The contract on variant async over the stub backend, with a little latency so that every call also
 * takes the timer path (the stub's latency is waited for on a timer under async).
 */
@ActiveProfiles({"async", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class AsyncOnStubTests extends CrudContractTests {
}
