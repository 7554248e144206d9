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

// Excluded: Boot's Jersey metrics, whose Observation scope an async response never closes, so the heap filled
// (docs/notebook/2026-11-23-postgresql-next-to-h2.md; JerseyConfig registers Jersey's own listener); Boot's Logback
// metrics, whose turbo filter runs on every level check (docs/performance.md); the reactive Tomcat and Jetty (webflux
// runs on Reactor Netty), Jetty's servlet and both management auto-configurations (the server is chosen by profile)
// and Jetty's metrics. Here, since a profile's spring.autoconfigure.exclude replaces the deployment's list.
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
