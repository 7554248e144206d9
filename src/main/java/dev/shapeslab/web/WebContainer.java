package dev.shapeslab.web;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.TomcatContextCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** What the service adds to the servlet container, in front of Jersey: admission control and error bodies. */
@Configuration(proxyBeanMethods = false)
class WebContainer {

    /**
     * First in the chain, so a request over the limit is turned away before anything else works on it.
     * Tomcat must hold more connections than the limit: the ones past it are those a 503 is answered on.
     */
    @Bean
    FilterRegistrationBean<AdmissionControl> admissionControl(
            @Value("${shapes.admission.algorithm:fixed}") String algorithm,
            @Value("${shapes.admission.max-in-flight}") int maxInFlight,
            @Value("${server.tomcat.max-connections:8192}") int maxConnections, MeterRegistry registry) {
        if (maxConnections != -1 && maxConnections <= maxInFlight) {
            throw new IllegalStateException("server.tomcat.max-connections (" + maxConnections
                    + ") must be above shapes.admission.max-in-flight (" + maxInFlight + "): a request past the "
                    + "limit is answered 503 on one of the connections beyond it; with none, it would wait "
                    + "unanswered in the kernel's accept queue. Raise both together.");
        }
        AdmissionControl admission = new AdmissionControl(algorithm, maxInFlight);
        Gauge.builder("admission.inflight", admission, AdmissionControl::inFlight)
                .description("Requests admitted and not yet complete").register(registry);
        Gauge.builder("admission.limit", admission, AdmissionControl::limit)
                .description("The bound on requests in flight").register(registry);
        FunctionCounter.builder("admission.rejected", admission, AdmissionControl::rejected)
                .description("Requests answered 503 at once, over the bound").register(registry);
        FilterRegistrationBean<AdmissionControl> registration = new FilterRegistrationBean<>(admission);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setAsyncSupported(true);
        return registration;
    }

    /**
     * Tomcat keeps the buffers of closed connections (16 KB each) for the next ones only with more than 2 GB of
     * heap, then as much as 1/32 of it; below, every connection allocated its buffers anew. Under overload
     * every 503 closes its connection and the client connects again, thousands of times a second (8 % of the
     * app's allocation in a profile of virtual's overload). Here 1/32 of the heap whatever its size.
     */
    @Bean
    TomcatConnectorCustomizer socketBuffersReused() {
        long bytes = Math.min(Runtime.getRuntime().maxMemory() / 32, Integer.MAX_VALUE);
        return connector -> connector.setProperty("socket.bufferPoolSize", Long.toString(bytes));
    }

    /**
     * Replaces the host's HTML error report with {@link ProblemErrorReportValve}. The host adds its
     * default valve when it starts, before its contexts do, so the swap happens as the context starts.
     */
    @Bean
    TomcatContextCustomizer problemErrorReports() {
        return context -> context.addLifecycleListener(event -> {
            if (!Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                return;
            }
            Pipeline pipeline = context.getParent().getPipeline();
            for (Valve valve : pipeline.getValves()) {
                if (valve instanceof ErrorReportValve) {
                    pipeline.removeValve(valve);
                }
            }
            pipeline.addValve(new ProblemErrorReportValve());
        });
    }
}
