package dev.shapeslab.web.jetty;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * Jetty's pool of platform threads keeps a thread for every admitted request and
 * {@link dev.shapeslab.web.admission.RequestThreads#BEYOND_ADMITTED} more, so that requests past the admitted are read
 * and turned away while every admitted one holds a thread; a size the user set is kept.
 */
public class JettyThreadsTests {

    private static int threadsAfterTheCustomizer(int admitted, MockEnvironment environment) {
        Server server = new Server(new QueuedThreadPool(200)); // Boot's server.jetty.threads.max
        AdmissionSettings settings = new AdmissionSettings(admitted, 1980, Duration.ofSeconds(2), "fixed");
        new JettyWeb().threadsForTheAdmitted(settings, environment).customize(server);
        return ((QueuedThreadPool) server.getThreadPool()).getMaxThreads();
    }

    @Test
    public void aPoolNoLargerThanTheAdmittedGrowsToKeepThreadsBeyondThem() {
        // A pool of 100 connections admits 200.
        assertEquals(threadsAfterTheCustomizer(200, new MockEnvironment()), 250);
    }

    @Test
    public void aPoolWithThreadsToSpareIsLeftAsItIs() {
        assertEquals(threadsAfterTheCustomizer(20, new MockEnvironment()), 200);
    }

    @Test
    public void aPoolSizeTheUserSetIsKept() {
        assertEquals(threadsAfterTheCustomizer(200, new MockEnvironment()
                .withProperty("server.jetty.threads.max", "200")), 200);
    }
}
