package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * What Tomcat makes of the admission limits and its connection limits, on a running app. The limits of every pairing,
 * as the deployment's table sets them: {@code deployment.DeploymentDefaultsTests}.
 */
@ActiveProfiles({"plain", "stub"})
public class TuningTests extends HttpTestSupport {

    /** Under Tomcat's default (8192) the excess of a blocking variant is refused by free request threads. */
    private static final int TOMCAT_DEFAULT_MAX_CONNECTIONS = 8192;

    /**
     * Under overload every 503 closes its connection (Tomcat's rule) and the client connects again: Tomcat holds
     * the connections the configuration gives it, and the kernel queues 4,096 more, where they cost the app
     * nothing. Tomcat keeps a request processor for every request admission control may hold, admitted or
     * waiting, so that none is rebuilt per request (Boot sets its own cache size first); and it keeps the buffers
     * of closed connections for new ones, which by default it does only with more than 2 GB of heap.
     */
    @Test
    public void tomcatHoldsTheConfiguredConnectionsAndKeepsAProcessorForEveryRequestAdmissionMayHold() {
        AbstractProtocol<?> protocol = (AbstractProtocol<?>) ((TomcatWebServer)
                ((WebServerApplicationContext) applicationContext).getWebServer())
                .getTomcat().getConnector().getProtocolHandler();
        AdmissionSettings admission = applicationContext.getBean(AdmissionSettings.class);

        assertEquals(protocol.getMaxConnections(), TOMCAT_DEFAULT_MAX_CONNECTIONS, "server.tomcat.max-connections");
        assertEquals(admission.refusalDelay(), Duration.ZERO, "refusals answered at once: Tomcat's accept queue holds the rest");
        assertEquals(protocol.getAcceptCount(), 4096, "server.tomcat.accept-count");
        assertEquals(protocol.getProcessorCache(), admission.maxInFlight() + admission.maxQueue(),
                "request processors kept: one for every request admitted or waiting");
        assertEquals(protocol.getProperty("socket.bufferPoolSize"),
                Long.toString(Math.min(Runtime.getRuntime().maxMemory() / 32, Integer.MAX_VALUE)),
                "bytes of closed connections' buffers kept for the next ones");
    }
}
