package dev.shapeslab;

import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jersey.autoconfigure.metrics.JerseyServerMetricsAutoConfiguration;
import org.springframework.context.annotation.Bean;

// Boot's Jersey metrics come as Micrometer Observations, which open a scope on the request thread that an
// async response, finished on another thread, never closes: measured, every answered async request stayed
// reachable (9,000 ContainerRequests after a drill, an OutOfMemoryError at -Xmx512m). startup/JerseyConfig
// registers Jersey's plain metrics listener instead (same http.server.requests timer, per request, no scope).
@SpringBootApplication(exclude = JerseyServerMetricsAutoConfiguration.class)
public class ShapesLabApplication {

    public static void main(String[] args) {
        SpringApplication.run(ShapesLabApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
