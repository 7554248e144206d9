package dev.shapeslab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Test-only: the app's JFR events recorded while an action runs. The tests' app runs in the test JVM, so a
 * recording started here sees its events, with the thread each was committed on.
 */
public final class JfrEvents {

    public static final String STORE_CALL = "dev.shapeslab.StoreCall";
    public static final String POOL_WAIT = "dev.shapeslab.PoolWait";
    public static final String ADMISSION_REJECTED = "dev.shapeslab.AdmissionRejected";

    /** What the action returned, and the events of the enabled types committed while it ran. */
    public record Recorded<T>(T result, List<RecordedEvent> events) {

        public List<RecordedEvent> named(String eventName) {
            return events.stream().filter(e -> e.getEventType().getName().equals(eventName)).toList();
        }

        /** The first store call of this operation ({@code insert}, {@code findById}, ...); fails if none. */
        public RecordedEvent storeCall(String operation) {
            return named(STORE_CALL).stream().filter(e -> operation.equals(e.getString("operation"))).findFirst()
                    .orElseThrow(() -> new AssertionError("no StoreCall event for " + operation + ": " + events));
        }
    }

    private JfrEvents() {
    }

    public static <T> Recorded<T> whileRunning(Callable<T> action, String... eventNames) throws Exception {
        Path file = Files.createTempFile("shapes-lab", ".jfr");
        try {
            T result;
            try (Recording recording = new Recording()) {
                for (String name : eventNames) {
                    recording.enable(name);
                }
                recording.start();
                result = action.call();
                recording.stop();
                recording.dump(file);
            }
            return new Recorded<>(result, RecordingFile.readAllEvents(file));
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
