package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.web.admission.TomcatAdmission;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.management.ObjectName;
import org.apache.catalina.Context;
import org.apache.catalina.Host;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * What a request passes through in Tomcat before Jersey: admission control as a valve of the application's
 * context, no servlet filter, and no Tomcat MBeans: virtual threads convoyed on the monitors Tomcat takes to look
 * filters up and to register request processors.
 */
@ActiveProfiles({"plain", "stub"})
public class RequestPathTests extends HttpTestSupport {

    @Autowired
    private TomcatAdmission admission;

    @Test
    public void admissionIsAValveOfTheApplicationsContextAndNoFilterRuns() {
        Context context = applicationContext();

        assertTrue(Arrays.asList(context.getPipeline().getValves()).contains(admission),
                "admission control is not in the context's pipeline");
        assertSame(admission.getContainer(), context, "admission control belongs to another container");
        assertEquals(Arrays.stream(context.findFilterMaps()).map(FilterMap::getFilterName).toList(), List.of(),
                "filters in the request path");
    }

    /** With its MBean registry on, Tomcat registers each request processor it creates, under one monitor. */
    @Test
    public void tomcatRegistersNoRequestProcessorAsAnMBean() throws Exception {
        assertEquals(get(ResourcePaths.CIRCLES).statusCode(), 200);

        assertEquals(ManagementFactory.getPlatformMBeanServer()
                .queryNames(new ObjectName("*:type=RequestProcessor,*"), null), Set.of());
    }

    private Context applicationContext() {
        Host host = (Host) server().getTomcat().getEngine().findChildren()[0];
        return (Context) host.findChildren()[0];
    }

    private TomcatWebServer server() {
        return (TomcatWebServer) ((WebServerApplicationContext) super.applicationContext).getWebServer();
    }
}
