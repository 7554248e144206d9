package dev.shapeslab.execution.async;

import dev.shapeslab.execution.R2dbcThreadingTests;
import dev.shapeslab.persistence.R2dbcProfiles;
import org.springframework.test.context.ActiveProfiles;

/** Over backend r2dbc, variant async holds no thread while a query is in flight. */
@ActiveProfiles(resolver = R2dbcProfiles.Async.class)
public class AsyncThreadingOnR2dbcTests extends R2dbcThreadingTests {
}
