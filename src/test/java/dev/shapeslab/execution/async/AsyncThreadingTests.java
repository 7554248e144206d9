package dev.shapeslab.execution.async;

import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.execution.ThreadingTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/** Under async the stub's latency is waited for on a timer: a waiting request holds no thread at all. */
@ActiveProfiles({"async", "stub"})
public class AsyncThreadingTests extends ThreadingTests {

    @Override
    protected boolean waitingHoldsARequestThread() {
        return false;
    }

    @Test
    public void theResponseIsResumedFromTheBlockingPoolNotTheRequestThread() {
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "?limit=1"); // one store call

        String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
        String responseThread = response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow();
        assertTrue(requestThread.startsWith("http-nio-"), requestThread);
        assertTrue(responseThread.startsWith("async-blocking-"), responseThread);
    }
}
