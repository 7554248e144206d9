package dev.shapeslab.execution.virtual;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.Requires;
import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.execution.ThreadingTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/** A sleeping virtual thread unmounts: waiting requests hold no platform thread, whatever Tomcat's limit. */
@ActiveProfiles({"virtual", "stub"})
@Requires(VirtualThreads.class)
public class VirtualThreadingTests extends ThreadingTests {

    @Override
    protected boolean waitingHoldsARequestThread() {
        return false;
    }

    @Test
    public void requestsAreHandledOnVirtualThreads() {
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "/" + createCircle());

        assertEquals(response.headers().firstValue(ThreadRecording.REQUEST_VIRTUAL).orElseThrow(), "true");
    }

    /** Tomcat starts request threads through the bound, so a crowd waits for a start outside the scheduler. */
    @Test
    public void tomcatStartsItsVirtualThreadsInTurn() {
        TomcatWebServer server = (TomcatWebServer) ((WebServerApplicationContext) applicationContext).getWebServer();

        assertEquals(server.getTomcat().getConnector().getProtocolHandler().getExecutor().getClass().getSimpleName(),
                "VirtualThreadStarts");
    }
}
