package dev.shapeslab.execution.vertx;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

/**
 * The contract on variant vertx over the stub backend, with a little latency so that every call also takes the timer
 * path (the stub's latency is waited for on a Vert.x timer under vertx).
 */
@ActiveProfiles({"vertx", "stub"})
@TestPropertySource(properties = "stub.latency=2ms")
public class VertxOnStubTests extends CrudContractTests {
}
