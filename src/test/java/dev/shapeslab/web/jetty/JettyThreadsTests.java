package dev.shapeslab.web.jetty;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * Jetty's adapter applies {@link dev.shapeslab.web.admission.RequestThreads}' rule to its pool of platform threads,
 * under Jetty's property name.
 */
public class JettyThreadsTests {

    private static int threadsAfterTheCustomizer(MockEnvironment environment) {
        Server server = new Server(new QueuedThreadPool(200)); // Boot's server.jetty.threads.max
        AdmissionSettings settings = new AdmissionSettings(200, 1980, Duration.ofSeconds(2), "fixed");
        new JettyWeb().threadsForTheAdmitted(settings, environment).customize(server);
        return ((QueuedThreadPool) server.getThreadPool()).getMaxThreads();
    }

    @Test
    public void theServersPoolGrowsToKeepThreadsBeyondTheAdmitted() {
        assertEquals(threadsAfterTheCustomizer(new MockEnvironment()), 250);
    }

    @Test
    public void aSizeSetAsServerJettyThreadsMaxIsKept() {
        assertEquals(threadsAfterTheCustomizer(new MockEnvironment()
                .withProperty("server.jetty.threads.max", "200")), 200);
    }
}
