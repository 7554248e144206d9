package dev.shapeslab.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * The rules on request bodies every server's guard applies ({@code shapes.request.*}), checked as they bind.
 *
 * @param maxBodySize larger bodies are a 413 without being read whole; WebFlux's codecs buffer this much at most
 */
@ConfigurationProperties("shapes.request")
public record RequestSettings(@DefaultValue("1MB") DataSize maxBodySize) {

    public RequestSettings {
        if (maxBodySize.toBytes() < 1 || maxBodySize.toBytes() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("shapes.request.max-body-size must be from 1B to " + Integer.MAX_VALUE
                    + "B (about 2GB): " + maxBodySize);
        }
    }

    public long maxBodyBytes() {
        return maxBodySize.toBytes();
    }

    /** Binds the web layer's settings records, for every server. */
    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({PagingSettings.class, RequestSettings.class})
    static class Binding {
    }
}
