package dev.shapeslab.execution.virtual;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import org.springframework.boot.jackson2.autoconfigure.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Jackson's buffers shared by the requests rather than kept per thread: every request on a new virtual thread
 * allocated them anew (docs/notebook/2026-11-25-overload-connection-bound.md).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(variant = Variant.VIRTUAL)
class VirtualThreadJson {

    /** Boot 4 deprecates its Jackson 2 support, but Jersey's JSON provider here is Jackson 2. */
    @Bean
    @SuppressWarnings("removal")
    Jackson2ObjectMapperBuilderCustomizer buffersSharedAcrossThreads() {
        // A factory per mapper the builder makes: a factory must not be shared between mappers.
        return builder -> builder.factory(JsonFactory.builder()
                .recyclerPool(JsonRecyclerPools.newConcurrentDequePool()).build());
    }
}
