package dev.shapeslab.web.admission;

import static org.testng.Assert.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * The rule for request threads under {@code plain} and {@code rxjava}: one for every admitted request and
 * {@value RequestThreads#BEYOND_ADMITTED} more, so that requests past the admitted are read and queued or turned away
 * while every admitted one holds a thread; a size the user set is kept. Each server's adapter is tested for applying
 * it to its own pool ({@code TomcatThreadsTests}, {@code JettyThreadsTests}).
 */
public class RequestThreadsTests {

    private static final String PROPERTY = "server.some.threads.max";

    private static int poolSize(int admitted, MockEnvironment environment) {
        AdmissionSettings settings = new AdmissionSettings(admitted, 1980, Duration.ofSeconds(2), "fixed");
        return RequestThreads.poolSize(settings, environment, PROPERTY, 200);
    }

    @Test
    public void aPoolNoLargerThanTheAdmittedGrowsToKeepThreadsBeyondThem() {
        // A pool of 100 connections admits 200 under plain and rxjava.
        assertEquals(poolSize(200, new MockEnvironment()), 250);
    }

    @Test
    public void aPoolWithFewerThanTheThreadsBeyondGrowsToo() {
        assertEquals(poolSize(160, new MockEnvironment()), 210);
    }

    @Test
    public void aPoolWithThreadsToSpareIsLeftAsItIs() {
        // The stub's plain admits 150.
        assertEquals(poolSize(150, new MockEnvironment()), 200);
    }

    @Test
    public void aPoolSizeTheUserSetIsKept() {
        assertEquals(poolSize(200, new MockEnvironment().withProperty(PROPERTY, "200")), 200);
    }

    @Test
    public void aPoolSizeSetByAnEnvironmentVariableIsKeptToo() {
        MockEnvironment environment = new MockEnvironment();
        environment.getPropertySources().addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of("SERVER_SOME_THREADS_MAX", "200")));
        assertEquals(poolSize(200, environment), 200);
    }
}
