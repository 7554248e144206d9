package dev.shapeslab.execution.plain;

import dev.shapeslab.faults.DatabaseFaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Database faults under variant plain on the h2 backend. */
@ActiveProfiles({"plain", "h2"})
public class PlainDatabaseFaultTests extends DatabaseFaultTests {
}
