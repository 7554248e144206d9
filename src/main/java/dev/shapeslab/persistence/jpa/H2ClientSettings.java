package dev.shapeslab.persistence.jpa;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Makes H2's client report a refused connection at once: unless the JVM was given
 * {@value #CONNECT_RETRIES}, it is set to 0 before any H2 class reads it.
 *
 * <p>Why: H2's client retries a refused connection 16 times, sleeping longer each time (1.2 s in all, its
 * {@code h2.socketConnectRetry}). While the server is down, Hikari's wait for a connection (500 ms) then
 * ended before any attempt had failed, so it came without the refusal as its cause; {@link StoreOutages}
 * could not tell an outage from a busy pool, and every call of the async variant's queue waited its own
 * 500 ms instead of failing fast (503s after up to 1.6 s in the faults drill, against 1 s). A server that
 * is not listening is not going to be listening a few milliseconds later; the pool tries again anyway.
 *
 * <p>H2 reads the property once, when its {@code SysProperties} class loads, so it is set here, as the
 * environment is prepared, before any bean (the embedded database's included) touches H2.
 */
public class H2ClientSettings implements EnvironmentPostProcessor {

    static final String CONNECT_RETRIES = "h2.socketConnectRetry";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (System.getProperty(CONNECT_RETRIES) == null) {
            System.setProperty(CONNECT_RETRIES, "0");
        }
    }
}
