package dev.shapeslab.execution.webflux;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.Requires;
import dev.shapeslab.execution.R2dbcThreadingTests;
import dev.shapeslab.persistence.PostgresTestDatabase;
import org.springframework.test.context.ActiveProfiles;

/**
 * Over backend r2dbc, variant webflux holds no thread while a query is in flight, and answers each request on the
 * event loop that read it (there is neither a blocking pool nor a {@code response-*} thread here).
 */
@ActiveProfiles({"webflux", "r2dbc"})
@Requires(PostgresTestDatabase.Reachable.class)
public class WebFluxThreadingOnR2dbcTests extends R2dbcThreadingTests {

    @Override
    protected void assertReadAndAnsweredOnTheVariantsThreads(String requestThread, String responseThread) {
        assertTrue(requestThread.matches("(reactor|webflux)-http-.*"), requestThread);
        assertEquals(responseThread, requestThread, "answered on the event loop that read it");
    }
}
