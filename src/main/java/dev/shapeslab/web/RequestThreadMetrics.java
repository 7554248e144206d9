package dev.shapeslab.web;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.concurrent.Executor;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Tomcat's request threads as metrics, read from the connector's pool, not Tomcat's MBeans, whose registry convoyed
 * {@code virtual}'s connections (docs/notebook/2026-11-26-virtual-threads-on-tomcat-monitors.md).
 */
class RequestThreadMetrics implements ApplicationListener<WebServerInitializedEvent> {

    private final MeterRegistry registry;

    RequestThreadMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (event.getApplicationContext().getServerNamespace() != null // the management server's own
                || !(event.getWebServer() instanceof TomcatWebServer tomcat)) {
            return;
        }
        Executor executor = tomcat.getTomcat().getConnector().getProtocolHandler().getExecutor();
        if (!(executor instanceof ThreadPoolExecutor pool)) {
            return;
        }
        String name = tomcat.getTomcat().getConnector().getProtocolHandler() instanceof AbstractProtocol<?> protocol
                ? protocol.getName() : "http";
        Gauge.builder("tomcat.threads.busy", pool, ThreadPoolExecutor::getActiveCount).tag("name", name)
                .baseUnit(BaseUnits.THREADS).description("Request threads serving a request").register(registry);
        Gauge.builder("tomcat.threads.current", pool, ThreadPoolExecutor::getPoolSize).tag("name", name)
                .baseUnit(BaseUnits.THREADS).description("Request threads in the pool").register(registry);
        Gauge.builder("tomcat.threads.config.max", pool, ThreadPoolExecutor::getMaximumPoolSize).tag("name", name)
                .baseUnit(BaseUnits.THREADS).description("The most request threads the pool starts").register(registry);
    }
}
