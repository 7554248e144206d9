package dev.shapeslab.web.admission;

import static org.testng.Assert.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * Tomcat's request threads, on platform threads: one for every admitted request and
 * {@value RequestThreads#BEYOND_ADMITTED} more, so that requests past the admitted are read and queued or turned away
 * while every admitted one holds a thread; a size the user set is kept.
 */
public class TomcatThreadsTests {

    private static int threadsAfterTheCustomizer(int admitted, MockEnvironment environment) {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        AdmissionSettings settings = new AdmissionSettings(admitted, 1980, Duration.ofSeconds(2), "fixed");
        new TomcatAdmissionConfiguration().threadsForTheAdmitted(settings, environment).customize(factory);
        Connector connector = new Connector();
        AbstractProtocol<?> protocol = (AbstractProtocol<?>) connector.getProtocolHandler();
        protocol.setMaxThreads(200); // server.tomcat.threads.max, as Boot's customizer sets it before this one
        factory.getConnectorCustomizers().forEach(customizer -> customizer.customize(connector));
        return protocol.getMaxThreads();
    }

    @Test
    public void aPoolNoLargerThanTheAdmittedGrowsToKeepThreadsBeyondThem() {
        // A pool of 100 connections admits 200 under plain and rxjava.
        assertEquals(threadsAfterTheCustomizer(200, new MockEnvironment()), 250);
    }

    @Test
    public void aPoolWithThreadsToSpareIsLeftAsItIs() {
        // The stub's plain admits 150.
        assertEquals(threadsAfterTheCustomizer(150, new MockEnvironment()), 200);
    }

    @Test
    public void aPoolSizeTheUserSetIsKept() {
        assertEquals(threadsAfterTheCustomizer(200, new MockEnvironment()
                .withProperty("server.tomcat.threads.max", "200")), 200);
    }

    @Test
    public void aPoolSizeSetByAnEnvironmentVariableIsKeptToo() {
        MockEnvironment environment = new MockEnvironment();
        environment.getPropertySources().addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                Map.of("SERVER_TOMCAT_THREADS_MAX", "200")));
        assertEquals(threadsAfterTheCustomizer(200, environment), 200);
    }
}
