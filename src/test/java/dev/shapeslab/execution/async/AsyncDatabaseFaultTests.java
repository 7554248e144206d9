package dev.shapeslab.execution.async;

import dev.shapeslab.faults.DatabaseFaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Database faults under variant async on the h2 backend. */
@ActiveProfiles({"async", "h2"})
public class AsyncDatabaseFaultTests extends DatabaseFaultTests {
}
