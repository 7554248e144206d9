package dev.shapeslab.web;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Server;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.IntrospectionUtils;
import org.slf4j.Logger;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.tomcat.autoconfigure.TomcatWebServerConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.TomcatContextCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.RequestContextFilter;

/**
 * What the service adds to Tomcat in front of Jersey: error bodies, connector settings, request-thread meters. Under
 * profile {@code jetty}, {@code jetty.JettyWeb} adds the same to Jetty.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnDeployment(server = Server.TOMCAT)
class WebContainer {

    private static final Logger log = LoggerFactory.getLogger(WebContainer.class);

    /**
     * The management server on Tomcat, as Boot's Tomcat auto-configuration would declare it (excluded with Jetty's,
     * which declares the same bean: ShapesLabApplication).
     */
    @Bean
    @ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
    static ManagementContextFactory servletWebChildContextFactory() {
        return new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                TomcatWebServerConfiguration.class, TomcatServletWebServerAutoConfiguration.class);
    }

    @Bean
    RequestThreadMetrics requestThreadMetrics(MeterRegistry registry) {
        return new RequestThreadMetrics(registry);
    }

    /**
     * No RequestContextFilter (Jersey's auto-configuration adds Spring's, for request-scoped beans, of which there are
     * none): Tomcat looks every filter up under a monitor as each request's chain is built.
     */
    @Bean
    FilterRegistrationBean<RequestContextFilter> requestContextFilter() {
        FilterRegistrationBean<RequestContextFilter> none = new FilterRegistrationBean<>(new RequestContextFilter());
        none.setEnabled(false);
        return none;
    }

    /**
     * Tomcat keeps closed connections' buffers only above 2 GB of heap; here up to 1/32 of any, since every 503 closes
     * its connection (docs/notebook/2026-11-25-overload-socket-buffers.md).
     */
    @Bean
    TomcatConnectorCustomizer socketBuffersReused() {
        long bytes = Math.min(Runtime.getRuntime().maxMemory() / 32, Integer.MAX_VALUE);
        return connector -> connector.setProperty("socket.bufferPoolSize", Long.toString(bytes));
    }

    /**
     * Connector attributes Spring Boot has no property for ({@code socket.appReadBufSize}, say), as
     * {@code shapes.tomcat.connector.<attribute>}: Tomcat refuses an attribute it does not know, and so does start-up.
     */
    @Bean
    TomcatConnectorCustomizer connectorAttributes(Environment environment) {
        Map<String, String> attributes = Binder.get(environment)
                .bind("shapes.tomcat.connector", Bindable.mapOf(String.class, String.class)).orElse(Map.of());
        return connector -> attributes.forEach((name, value) -> {
            // as server.xml sets a connector's attribute: the connector's own setter, else its protocol's
            if (!IntrospectionUtils.setProperty(connector, name, value)) {
                throw new IllegalStateException("Tomcat's connector has no attribute " + name);
            }
            log.info("Tomcat's connector: {}={}", name, value);
        });
    }

    /** Swaps the host's HTML error report for {@link ProblemErrorReportValve} as the context starts. */
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
