package dev.shapeslab.web.jetty;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Jetty's settings Spring Boot lacks ({@code shapes.jetty.*}): the entries of each connection's cache of parsed header
 * fields, 0 for none (Jetty's own default, 1,024, keeps its heap per open connection: docs/settings.md).
 */
@ConfigurationProperties("shapes.jetty")
record JettySettings(@DefaultValue("0") int headerCacheSize) {

    JettySettings {
        if (headerCacheSize < 0) {
            throw new IllegalArgumentException("shapes.jetty.header-cache-size must not be negative: " + headerCacheSize);
        }
    }
}
