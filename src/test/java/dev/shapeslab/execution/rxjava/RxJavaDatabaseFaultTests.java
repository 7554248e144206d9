package dev.shapeslab.execution.rxjava;

import dev.shapeslab.faults.DatabaseFaultTests;
import org.springframework.test.context.ActiveProfiles;

/** Database faults under variant rxjava on the h2 backend. */
@ActiveProfiles({"rxjava", "h2"})
public class RxJavaDatabaseFaultTests extends DatabaseFaultTests {
}
