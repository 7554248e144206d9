package dev.shapeslab.persistence.jpa.failure;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Sets two H2 system properties unless given: no retries of a refused connection, which outlast Hikari's wait
 * (docs/notebook/2026-11-24-faults-one-deadline.md), and no object cache, which costs CPU on every value read
 * (docs/performance.md). H2 reads both once, so they are set as the environment is prepared.
 */
public class H2ClientSettings implements EnvironmentPostProcessor {

    static final String CONNECT_RETRIES = "h2.socketConnectRetry";
    static final String OBJECT_CACHE = "h2.objectCache";

    static final Map<String, String> DEFAULTS = Map.of(CONNECT_RETRIES, "0", OBJECT_CACHE, "false");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        DEFAULTS.forEach((property, value) -> {
            if (System.getProperty(property) == null) {
                System.setProperty(property, value);
            }
        });
    }
}
