package dev.shapeslab.execution.rxjava;

import dev.shapeslab.execution.R2dbcThreadingTests;
import dev.shapeslab.persistence.R2dbcProfiles;
import org.springframework.test.context.ActiveProfiles;

/** Over backend r2dbc, variant rxjava holds no thread while a query is in flight. */
@ActiveProfiles(resolver = R2dbcProfiles.RxJava.class)
public class RxJavaThreadingOnR2dbcTests extends R2dbcThreadingTests {
}
