package dev.shapeslab.execution;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.web.admission.AdmissionSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The one {@link BlockingPool}. Its settings are bound, and the retired per-variant ones refused, under every variant,
 * so that a command line that starts one variant starts the others.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({BlockingPoolSettings.class, AdmissionSettings.class})
class BlockingPoolConfiguration {

    BlockingPoolConfiguration(Environment environment) {
        BlockingPoolSettings.refuseRetired(environment);
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnDeployment(variant = {Variant.ASYNC, Variant.WEBFLUX, Variant.VERTX}, port = Port.BLOCKING)
    BlockingPool blockingPool(BlockingPoolSettings settings, AdmissionSettings admission, Environment environment,
                              MeterRegistry registry) {
        settings.requireRoomFor(admission);
        return new BlockingPool(Deployment.of(environment).variant().profile(), settings, registry);
    }
}
