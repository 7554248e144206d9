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

// Boot's Jersey metrics come as Micrometer Observations, which open a scope on the request thread that an
// async response, finished on another thread, never closes, so every answered async request stays reachable
// until the heap is full (docs/notebook/2026-11-23-postgresql-next-to-h2.md). startup/JerseyConfig
// registers Jersey's plain metrics listener instead (same http.server.requests timer, per request, no scope).
// Boot's Logback metrics (log events counted by level) install a Logback turbo filter, which every logger's
// level check then runs, even for a level that is off: Hibernate checks TRACE once per value it reads from a
// result set, thousands of times in a page of drawings (docs/performance.md, "What was changed, and why").
// Tomcat's and Jetty's reactive servers are never wanted: the one reactive variant (webflux) runs on Reactor Netty, and
// with several servers on the classpath Boot would set up each for the management port and fail (Jetty's, named first,
// would even serve webflux). (These apply only to a reactive app: the servlet variants are unchanged.)
// The servlet variants' server is chosen by profile, Tomcat unless "jetty" (deployment.Deployment): Boot's Jetty servlet
// auto-configuration would create its factory first whatever the profile, so it is excluded and web.jetty.JettyWeb
// declares Jetty's factory under that profile; and both servers' management auto-configurations declare the same
// bean, so both are excluded and web.WebContainer (Tomcat) and web.jetty.JettyWeb each declare their own.
// Boot's Jetty metrics time every request and count every connection's bytes on the connector, work Tomcat does not do
// here: web.jetty.JettyWeb keeps only its thread pool's gauges, as web.RequestThreadMetrics keeps Tomcat's.
// Excluded here rather than in a profile's properties because a profile's spring.autoconfigure.exclude replaces the list
// of another (the deployment's, deployment.DeploymentDefaults) instead of adding to it.
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
