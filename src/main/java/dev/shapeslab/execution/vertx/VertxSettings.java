package dev.shapeslab.execution.vertx;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Vert.x's settings ({@code vertx.*}; its answer timeout is {@code execution.AnswerTimeout}'s). */
@ConfigurationProperties("vertx")
record VertxSettings(@DefaultValue("0") int eventLoops) {

    VertxSettings {
        if (eventLoops < 0) {
            throw new IllegalArgumentException("vertx.event-loops must be 0 (one per core) or more: " + eventLoops);
        }
    }

    /** The event loops: as many as set, else one per core. */
    int eventLoopCount() {
        return eventLoops > 0 ? eventLoops : Runtime.getRuntime().availableProcessors();
    }
}
