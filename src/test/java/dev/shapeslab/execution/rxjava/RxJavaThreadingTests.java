package dev.shapeslab.execution.rxjava;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.ThreadRecording;
import dev.shapeslab.execution.ThreadingTests;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/** RxJava types without a scheduler change nothing at run time: the request thread still does and waits. */
@ActiveProfiles({"rxjava", "stub"})
public class RxJavaThreadingTests extends ThreadingTests {

    @Override
    protected boolean waitingHoldsARequestThread() {
        return true;
    }

    @Test
    public void theRequestThreadSubscribesWaitsAndAnswers() {
        HttpResponse<String> response = get(ResourcePaths.CIRCLES + "?limit=1"); // one store call

        String requestThread = response.headers().firstValue(ThreadRecording.REQUEST_THREAD).orElseThrow();
        assertTrue(requestThread.startsWith("http-nio-"), requestThread);
        assertEquals(response.headers().firstValue(ThreadRecording.RESPONSE_THREAD).orElseThrow(), requestThread);
    }
}
