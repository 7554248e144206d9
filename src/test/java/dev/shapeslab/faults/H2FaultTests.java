package dev.shapeslab.faults;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link FaultTests} on the {@code h2} backend: a {@link FaultyDatabase} in this JVM. */
public abstract class H2FaultTests extends FaultTests {

    private static final FaultyDatabase DB = new FaultyDatabase("faults");

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        DB.register(registry);
    }

    @Override
    protected DatabaseFaults database() {
        return DB;
    }
}
