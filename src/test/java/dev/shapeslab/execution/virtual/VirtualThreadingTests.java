package dev.shapeslab.execution.virtual;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.Requires;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/** {@link VirtualRequestThreadingTests} on Tomcat, which starts its request threads through a bound. */
@ActiveProfiles({"virtual", "stub"})
@Requires(VirtualThreads.class)
public class VirtualThreadingTests extends VirtualRequestThreadingTests {

    /** Tomcat starts request threads through the bound, so a crowd waits for a start outside the scheduler. */
    @Test
    public void tomcatStartsItsVirtualThreadsInTurn() {
        TomcatWebServer server = (TomcatWebServer) ((WebServerApplicationContext) applicationContext).getWebServer();

        assertEquals(server.getTomcat().getConnector().getProtocolHandler().getExecutor().getClass().getSimpleName(),
                "VirtualThreadStarts");
    }
}
