package dev.shapeslab.web.admission;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Server;
import dev.shapeslab.deployment.Deployment.Variant;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.coyote.AbstractProtocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.thread.Threading;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.tomcat.TomcatContextCustomizer;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * Admission control on Tomcat, the default server: the valve ({@link TomcatAdmission}) in front of Jersey, and what
 * Tomcat is given so that admission can hold its requests (a connection and a request processor for each, and under
 * {@code virtual} starts of virtual threads in turn). Here, not in {@code web.WebContainer}, so that the web layer's
 * core never imports this package. Jetty's, WebFlux's and Vert.x's adapters are wired by their own servers' packages.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnDeployment(server = Server.TOMCAT)
@EnableConfigurationProperties(AdmissionSettings.class)
class TomcatAdmissionConfiguration {

    private static final Logger log = LoggerFactory.getLogger(TomcatAdmissionConfiguration.class);

    /**
     * Admission control as a valve of the application's context, ahead of the filter chain (see
     * {@link TomcatAdmission} for why not a filter). Tomcat must hold a connection for every request admitted
     * or waiting, and more: the ones past them are those a 503 is answered on.
     */
    @Bean
    TomcatAdmission tomcatAdmission(AdmissionSettings settings,
            @Value("${server.tomcat.max-connections:8192}") int maxConnections,
            @Value("${spring.threads.virtual.enabled:false}") boolean virtualThreads, MeterRegistry registry) {
        if (maxConnections != -1 && maxConnections <= settings.maxHeld()) {
            throw new IllegalStateException("server.tomcat.max-connections (" + maxConnections
                    + ") must be above shapes.admission.max-in-flight and shapes.admission.max-queue together ("
                    + settings.maxInFlight() + " + " + settings.maxQueue() + "): a request past them is answered "
                    + "503 on one of the connections beyond; with none, it would wait unanswered in the kernel's "
                    + "accept queue. Raise max-connections, or lower the other two.");
        }
        TomcatAdmission admission = new TomcatAdmission(settings, virtualThreads);
        Admission.bindMetrics(admission, registry);
        return admission;
    }

    @Bean
    TomcatContextCustomizer admissionBeforeTheFilterChain(TomcatAdmission admission) {
        return context -> context.getPipeline().addValve(admission);
    }

    /**
     * Tomcat keeps a request processor (its buffers) for reuse for every request admission control may
     * hold at once, admitted or waiting; past its cache, each is built anew and dropped after its request,
     * garbage that under overload lived long enough to be promoted (measured:
     * docs/notebook/2026-11-24-overload-clients-and-processors.md).
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE) // after Boot's own, which sets server.tomcat.processor-cache (200)
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> processorsKeptForAdmittedAndWaiting(
            AdmissionSettings settings) {
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
                protocol.setProcessorCache(settings.maxHeld());
            }
        });
    }

    /**
     * Under {@code plain} and {@code rxjava}, whose admitted requests each hold a request thread, a thread for every
     * one and more ({@link RequestThreads}). Runs after Boot's own customizer, which sets
     * {@code server.tomcat.threads.max}.
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    @ConditionalOnDeployment(variant = {Variant.PLAIN, Variant.RXJAVA})
    @ConditionalOnThreading(Threading.PLATFORM)
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> threadsForTheAdmitted(AdmissionSettings settings,
            Environment environment) {
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol) {
                protocol.setMaxThreads(RequestThreads.poolSize(settings, environment, "server.tomcat.threads.max",
                        protocol.getMaxThreads()));
            }
        });
    }

    /**
     * Under {@code virtual}, Tomcat's virtual threads start a bounded number at a time ({@link VirtualThreadStarts}:
     * why; how many: {@link VirtualThreadStarts#maxRunning}). Runs after Boot's own customizer, which sets the
     * virtual-thread executor.
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    @ConditionalOnThreading(Threading.VIRTUAL)
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> virtualThreadsStartedInTurn(
            AdmissionSettings settings) {
        int maxRunning = VirtualThreadStarts.maxRunning(settings);
        return factory -> factory.addProtocolHandlerCustomizers(protocol -> {
            protocol.setExecutor(new VirtualThreadStarts(protocol.getExecutor(), maxRunning));
            log.info("Virtual threads: at most {} requests run at once, the rest wait for a start in arrival order",
                    maxRunning);
        });
    }
}
