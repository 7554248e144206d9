package dev.shapeslab.execution;

import dev.shapeslab.persistence.Backends;
import dev.shapeslab.web.admission.AdmissionSettings;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;

/**
 * The one {@link BlockingPool}, for the variants that never block a request's thread on a blocking store: {@code async}
 * and {@code webflux} but on {@code r2dbc}, {@code vertx} but on {@code pg} (where their stores do not block). Its
 * settings are bound, and the retired per-variant ones refused, under every variant, so that a command line that starts
 * one variant starts the others.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({BlockingPoolSettings.class, AdmissionSettings.class})
class BlockingPoolConfiguration {

    private static final String HAS_A_BLOCKING_POOL = "(" + Variants.ASYNC + " & !" + Backends.R2DBC + ") | ("
            + Variants.WEBFLUX + " & !" + Backends.R2DBC + ") | (" + Variants.VERTX + " & !" + Backends.PG + ")";

    BlockingPoolConfiguration(Environment environment) {
        BlockingPoolSettings.refuseRetired(environment);
    }

    @Bean(destroyMethod = "close")
    @Profile(HAS_A_BLOCKING_POOL)
    BlockingPool blockingPool(BlockingPoolSettings settings, AdmissionSettings admission, Environment environment,
                              MeterRegistry registry) {
        settings.requireRoomFor(admission);
        String variant = Stream.of(Variants.ASYNC, Variants.WEBFLUX, Variants.VERTX)
                .filter(environment::matchesProfiles).findFirst().orElseThrow();
        return new BlockingPool(variant, settings, registry);
    }
}
