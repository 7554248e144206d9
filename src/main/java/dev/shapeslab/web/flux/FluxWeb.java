package dev.shapeslab.web.flux;

import dev.shapeslab.web.RequestSettings;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.admission.AdmissionSettings;
import dev.shapeslab.web.admission.FluxAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * What the service adds to WebFlux: admission first, the body rules, problem+json for every error; the JSON codecs
 * are Jackson 2's with the app's strict mapper, so input is read as Jersey reads it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(AdmissionSettings.class)
public class FluxWeb {

    /** Before anything reads the request, so a rejected request never reaches a handler. */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    FluxAdmission fluxAdmission(AdmissionSettings settings, MeterRegistry registry) {
        FluxAdmission admission = admission(settings);
        Admission.bindMetrics(admission, registry);
        return admission;
    }

    /** Admission control whose waiting requests go on on their own event loop, its 503s written as every error here. */
    static FluxAdmission admission(AdmissionSettings settings) {
        return new FluxAdmission(settings, EventLoops::of,
                FluxProblems::write);
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE + 1)
    FluxBodyGuard fluxBodyGuard(RequestSettings request) {
        return new FluxBodyGuard(request.maxBodyBytes());
    }

    /** Reactor Netty's own refusals of requests it cannot decode, problem+json too ({@link NettyErrorBodies}). */
    @Bean
    NettyServerCustomizer problemBodiesForUndecodableRequests() {
        return NettyErrorBodies::addTo;
    }

    @Bean
    FluxProblems fluxProblems(RequestSettings request) {
        return new FluxProblems(request.maxBodyBytes());
    }
}
