package dev.shapeslab.execution.async;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.ResourcePaths;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * The project's own JFR events, as Mission Control would record them: a store call (entity, operation,
 * outcome, thread, duration) and the async pool's queue wait.
 */
@ActiveProfiles({"async", "stub"})
public class JfrEventsTests extends HttpTestSupport {

    @Test
    public void storeCallsAndPoolWaitsAreRecorded() throws Exception {
        Path file = Files.createTempFile("shapes-lab", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable("dev.shapeslab.StoreCall");
            recording.enable("dev.shapeslab.PoolWait");
            recording.start();
            long id = createCircle();
            HttpResponse<String> read = get(ResourcePaths.CIRCLES + "/" + id);
            assertEquals(read.statusCode(), 200);
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Files.delete(file);

        RecordedEvent insert = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.shapeslab.StoreCall"))
                .filter(e -> "insert".equals(e.getString("operation"))).findFirst()
                .orElseThrow(() -> new AssertionError("no StoreCall event for the insert: " + events));
        assertEquals(insert.getString("entity"), "circle");
        assertEquals(insert.getString("outcome"), "ok");
        assertTrue(insert.getThread().getJavaName().startsWith(BlockingWorkPool.THREAD_PREFIX),
                insert.getThread().getJavaName());
        assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("dev.shapeslab.StoreCall")
                && "findById".equals(e.getString("operation"))), "no StoreCall event for the read");
        assertTrue(events.stream().filter(e -> e.getEventType().getName().equals("dev.shapeslab.PoolWait")).count() >= 2,
                "a PoolWait event per store call");
    }
}
