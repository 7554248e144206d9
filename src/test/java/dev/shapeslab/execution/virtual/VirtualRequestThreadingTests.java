package dev.shapeslab.execution.virtual;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.execution.ThreadingTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.testng.annotations.Test;

/**
 * What virtual promises on either server ({@link VirtualThreadingTests} on Tomcat, {@link VirtualThreadingOnJettyTests}
 * on Jetty): each request runs on a virtual thread, and a sleeping virtual thread unmounts, so waiting requests hold
 * no platform thread, whatever the server's limit.
 */
public abstract class VirtualRequestThreadingTests extends ThreadingTests {

    @Override
    protected boolean waitingHoldsARequestThread() {
        return false;
    }

    @Test
    public void requestsAreHandledOnVirtualThreads() {
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "?limit=1"); // one store call

        assertEquals(response.headers().firstValue(ThreadRecording.REQUEST_VIRTUAL).orElseThrow(), "true");
    }
}
