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
 * Tomcat's request threads as metrics (the ceiling of the blocking variants), read from the connector's pool
 * itself. Micrometer reads them from Tomcat's MBeans, but with its MBean registry on, Tomcat also registers every
 * request processor it creates as an MBean, one at a time under a monitor of its connection handler: under
 * {@code virtual}, a crowd of new connections convoyed there (docs/results.md, Admission). So the registry stays
 * off. Under {@code virtual} there is no pool to read, and no such metric.
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
