package dev.shapeslab.persistence.jpa.failure;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Sets two of H2's system properties, each unless the JVM was given it: {@value #CONNECT_RETRIES} to 0, because H2's
 * client retries a refused connection longer than Hikari's wait, which then ends without the refusal as cause
 * (docs/notebook/2026-11-24-faults-one-deadline.md); {@value #OBJECT_CACHE} to false, because its shared cache of
 * values read saves the app nothing and costs CPU on every value (docs/performance.md, "What was changed, and why").
 * H2 reads both once, as {@code SysProperties} loads, so they are set as the environment is prepared.
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
