package dev.shapeslab.execution.webflux;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

/**
 * The contract on variant webflux over the stub backend, with a little latency so that every call also takes the
 * timer path (the stub's latency is waited for on Reactor's timer under webflux).
 */
@ActiveProfiles({"webflux", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class WebFluxOnStubTests extends CrudContractTests {
}
