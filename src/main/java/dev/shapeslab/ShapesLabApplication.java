package dev.shapeslab;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jersey.autoconfigure.metrics.JerseyServerMetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.logging.logback.LogbackMetricsAutoConfiguration;
import org.springframework.context.annotation.Bean;

// Boot's Jersey metrics come as Micrometer Observations, which open a scope on the request thread that an
// async response, finished on another thread, never closes: measured, every answered async request stayed
// reachable (9,000 ContainerRequests after a drill, an OutOfMemoryError at -Xmx512m). startup/JerseyConfig
// registers Jersey's plain metrics listener instead (same http.server.requests timer, per request, no scope).
// Boot's Logback metrics (log events counted by level) install a Logback turbo filter, which every logger's
// level check then runs, even for a level that is off: Hibernate checks TRACE once per value it reads from a
// result set, and in a page of drawings those checks were 4 % of the request's CPU (docs/performance.md).
@SpringBootApplication(exclude = {JerseyServerMetricsAutoConfiguration.class, LogbackMetricsAutoConfiguration.class})
public class ShapesLabApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShapesLabApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
