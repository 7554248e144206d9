package dev.shapeslab.startup;



import static org.testng.Assert.expectThrows;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.ShapesLabApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.testng.annotations.Test;

public class ProfileGuardTests {

    @Test
    public void twoBackendProfilesFailAtStartUpNamingBoth() {
        String message = startupFailure("h2", "stub");
        assertTrue(message.contains("[h2, stub]") && message.contains("backend"), message);
    }

    @Test
    public void twoExecutionProfilesFailAtStartUpNamingBoth() {
        String message = startupFailure("plain", "async", "stub");
        assertTrue(message.contains("[plain, async]") && message.contains("execution variant"), message);
    }

    @Test
    public void theStubsTimerLatencyUnderAVariantThatCannotWaitOnTimersFailsAtStartUp() {
        String message = startupFailure(new String[] {"stub.latency-mode=timer"}, "plain", "stub");
        assertTrue(message.contains("stub.latency-mode=timer needs the async variant"), message);
    }

    private static String startupFailure(String... profiles) {
        return startupFailure(new String[0], profiles);
    }

    private static String startupFailure(String[] properties, String... profiles) {
        SpringApplicationBuilder app = new SpringApplicationBuilder(ShapesLabApplication.class)
                .profiles(profiles)
                .properties("server.port=0", "management.server.port=0", "spring.main.banner-mode=off")
                .properties(properties);
        IllegalStateException failure = expectThrows(IllegalStateException.class, app::run);
        return failure.getMessage();
    }
}
