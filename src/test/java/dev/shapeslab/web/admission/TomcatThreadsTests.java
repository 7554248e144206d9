package dev.shapeslab.web.admission;

import static org.testng.Assert.assertEquals;

import java.time.Duration;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/** Tomcat's adapter applies {@link RequestThreads}' rule to its connector's pool, under Tomcat's property name. */
public class TomcatThreadsTests {

    private static int threadsAfterTheCustomizer(MockEnvironment environment) {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        AdmissionSettings settings = new AdmissionSettings(200, 1980, Duration.ofSeconds(2), "fixed");
        new TomcatAdmissionConfiguration().threadsForTheAdmitted(settings, environment).customize(factory);
        Connector connector = new Connector();
        AbstractProtocol<?> protocol = (AbstractProtocol<?>) connector.getProtocolHandler();
        protocol.setMaxThreads(200); // server.tomcat.threads.max, as Boot's customizer sets it before this one
        factory.getConnectorCustomizers().forEach(customizer -> customizer.customize(connector));
        return protocol.getMaxThreads();
    }

    @Test
    public void theConnectorsPoolGrowsToKeepThreadsBeyondTheAdmitted() {
        assertEquals(threadsAfterTheCustomizer(new MockEnvironment()), 250);
    }

    @Test
    public void aSizeSetAsServerTomcatThreadsMaxIsKept() {
        assertEquals(threadsAfterTheCustomizer(new MockEnvironment()
                .withProperty("server.tomcat.threads.max", "200")), 200);
    }
}
