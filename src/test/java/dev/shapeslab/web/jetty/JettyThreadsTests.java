package dev.shapeslab.web.jetty;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.web.admission.AdmissionSettings;
import java.time.Duration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.testng.annotations.Test;

/**
 * Jetty's pool of platform threads keeps {@link JettyWeb#THREADS_BEYOND_ADMITTED} threads beyond admission's bound,
 * so that requests past the admitted are read and turned away while every admitted one holds a thread.
 */
public class JettyThreadsTests {

    private static AdmissionSettings admitting(int maxInFlight) {
        return new AdmissionSettings(maxInFlight, 1980, Duration.ofSeconds(2), "fixed");
    }

    @Test
    public void aPoolNoLargerThanTheAdmittedGrowsToKeepThreadsBeyondThem() {
        Server server = new Server(new QueuedThreadPool(200));
        JettyWeb.threadsBeyondTheAdmitted(server, admitting(200)); // a pool of 100 connections admits 200
        assertEquals(((QueuedThreadPool) server.getThreadPool()).getMaxThreads(), 250);
    }

    @Test
    public void aPoolWithThreadsToSpareIsLeftAsConfigured() {
        Server server = new Server(new QueuedThreadPool(200));
        JettyWeb.threadsBeyondTheAdmitted(server, admitting(20));
        assertEquals(((QueuedThreadPool) server.getThreadPool()).getMaxThreads(), 200);
    }
}
