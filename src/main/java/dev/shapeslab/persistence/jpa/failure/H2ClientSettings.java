package dev.shapeslab.persistence.jpa.failure;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Sets two of H2's system properties, each unless the JVM was given it: {@value #CONNECT_RETRIES} to 0 and
 * {@value #OBJECT_CACHE} to false.
 *
 * <p>No retries of a refused connection: H2's client retries one for 1.2 s, longer than Hikari's wait for a
 * connection, which then ends without the refusal as its cause, so that {@link StoreOutages} cannot tell an outage
 * from a busy pool (docs/notebook/2026-11-24-faults-one-deadline.md); the pool tries again anyway.
 *
 * <p>No object cache: H2 looks every value it reads up in one shared table of recent values (hashing it
 * first), so that equal values share one instance. The app makes its own objects of them at once, so the
 * sharing saves it nothing, and a page of drawings reads thousands of values (the lookups' share of its CPU,
 * and the pairs with and without them: docs/performance.md, "What was changed, and why").
 *
 * <p>H2 reads both once, when its {@code SysProperties} class loads, so they are set here, as the
 * environment is prepared, before any bean (the embedded database's included) touches H2.
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
