package dev.shapeslab.execution.virtual;

import static org.awaitility.Awaitility.await;
import static org.testng.Assert.assertEquals;

import dev.shapeslab.Requires;
import dev.shapeslab.execution.JettyAdmissionQueueTests;
import dev.shapeslab.faults.FaultTests;
import dev.shapeslab.web.ResourcePaths;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.admission.VirtualThreadStarts;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * A request waiting for a place under virtual on Jetty holds no thread, and is then served on a new virtual thread (the
 * kind that served the request that came alone: {@link VirtualThreadingOnJettyTests} shows it is virtual).
 */
@ActiveProfiles({"virtual", "stub", "jetty"})
@Requires(VirtualThreads.class)
public class VirtualAdmissionQueueOnJettyTests extends JettyAdmissionQueueTests {

    /**
     * Jetty starts a virtual thread for a request only once admission lets it in: one set waiting or turned away
     * starts none (at 5,000 clients on the slow database, more than a thousand a second).
     */
    @Test
    public void onlyTheRequestsAdmittedStartAVirtualThread() {
        VirtualThreadStarts starts = (VirtualThreadStarts) jettyThreadPool().getVirtualThreadsExecutor();
        Admission admission = admission();
        String path = ResourcePaths.CIRCLES + "?limit=1";
        await().atMost(Duration.ofSeconds(30)).until(admission::inFlight, count -> count == 0);
        long before = starts.started();

        List<CompletableFuture<HttpResponse<String>>> served = fillQueue(path);
        FaultTests.assertUnavailable(get(path));
        assertEquals(starts.started(), before + 1, "the one admitted started a virtual thread; those waiting and the one "
                + "turned away none");

        served.forEach(CompletableFuture::join);
        assertEquals(starts.started(), before + 1 + MAX_QUEUE, "each waiting request, once admitted, one");
    }
}
