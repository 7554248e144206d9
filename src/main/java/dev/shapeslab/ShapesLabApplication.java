package dev.shapeslab;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jetty.autoconfigure.actuate.web.server.JettyReactiveManagementContextAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.actuate.web.server.JettyServletManagementContextAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.metrics.JettyMetricsAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.reactive.JettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration;
import org.springframework.boot.jersey.autoconfigure.metrics.JerseyServerMetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.logging.logback.LogbackMetricsAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.actuate.web.server.TomcatReactiveManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.actuate.web.server.TomcatServletManagementContextAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.reactive.TomcatReactiveWebServerAutoConfiguration;
import org.springframework.context.annotation.Bean;

// Excluded, each for a reason:
// - Boot's Jersey metrics: their Observation scope, opened on the request thread, is never closed by an async response
//   finished elsewhere, and the heap fills (docs/notebook/2026-11-23-postgresql-next-to-h2.md); JerseyConfig registers
//   Jersey's plain metrics listener instead.
// - Boot's Logback metrics: their turbo filter runs on every level check, thousands per page of drawings
//   (docs/performance.md, "What was changed, and why").
// - Tomcat's and Jetty's reactive servers: webflux runs on Reactor Netty, and with several servers Boot fails.
// - Jetty's servlet and both management auto-configurations: the server is chosen by profile (web.WebContainer,
//   web.jetty.JettyWeb declare their own); Boot's Jetty metrics, which time every request on the connector.
// Here, not in a profile's properties, since a profile's spring.autoconfigure.exclude replaces the deployment's list.
@SpringBootApplication(exclude = {JerseyServerMetricsAutoConfiguration.class, LogbackMetricsAutoConfiguration.class,
        TomcatReactiveWebServerAutoConfiguration.class, TomcatReactiveManagementContextAutoConfiguration.class,
        JettyReactiveWebServerAutoConfiguration.class, JettyReactiveManagementContextAutoConfiguration.class,
        JettyServletWebServerAutoConfiguration.class, JettyServletManagementContextAutoConfiguration.class,
        TomcatServletManagementContextAutoConfiguration.class, JettyMetricsAutoConfiguration.class})
public class ShapesLabApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShapesLabApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
