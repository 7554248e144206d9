package dev.shapeslab.startup;

import static org.testng.Assert.expectThrows;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.ShapesLabApplication;
import java.util.Arrays;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The profile combinations that do not start, each refused before any bean with a message that says what to run
 * instead: the deployment's reader ({@code deployment.Deployment}) refuses the pairings, the stub its timer latency
 * under a variant that cannot wait on timers, and the servers' set-up a connection bound below admission's.
 */
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

    @Test(dataProvider = "blockingVariants")
    public void aBlockingVariantOnR2dbcFailsAtStartUpNamingTheBackendToUse(String[] profiles, String variant) {
        String message = startupFailure(profiles);
        assertTrue(message.contains("--spring.profiles.active=" + variant + ",pg"), message);
        assertTrue(message.contains("async") && message.contains("rxjava") && message.contains("webflux"), message);
    }

    @DataProvider
    public Object[][] blockingVariants() {
        return new Object[][] {
                {new String[] {"plain", "r2dbc"}, "plain"},
                {new String[] {"virtual", "r2dbc"}, "virtual"},
                {new String[] {"r2dbc"}, "plain"},
        };
    }

    @Test
    public void vertxOnR2dbcFailsAtStartUpNamingTheBackendToUse() {
        String message = startupFailure("vertx", "r2dbc");
        assertTrue(message.contains("--spring.profiles.active=vertx,pg"), message);
    }

    @Test(dataProvider = "variantsWithServersOfTheirOwn")
    public void jettyUnderAVariantWithAServerOfItsOwnFailsAtStartUpNamingBoth(String variant) {
        String message = startupFailure(variant, "jetty", "stub");
        assertTrue(message.contains("Profile jetty chooses the server of the servlet variants"), message);
        assertTrue(message.contains(variant + " has a server of its own"), message);
        assertTrue(message.contains("--spring.profiles.active=async,jetty"), message);
    }

    @DataProvider
    public Object[][] variantsWithServersOfTheirOwn() {
        return new Object[][] {{"webflux"}, {"vertx"}};
    }

    @Test
    public void jettyHoldingNoConnectionBeyondTheAdmittedAndWaitingFailsAtStartUp() {
        String message = startupFailure(new String[] {"shapes.admission.max-in-flight=200",
                "shapes.admission.max-queue=100", "server.jetty.max-connections=300"}, "plain", "stub", "jetty");
        assertTrue(message.contains("server.jetty.max-connections (300) must be above "
                + "shapes.admission.max-in-flight and shapes.admission.max-queue together (200 + 100)"), message);
    }

    @Test
    public void theStubsTimerLatencyUnderAVariantThatCannotWaitOnTimersFailsAtStartUp() {
        String message = startupFailure(new String[] {"stub.latency-mode=timer"}, "plain", "stub");
        assertTrue(message.contains("stub.latency-mode=timer needs the async, webflux or vertx variant"), message);
    }

    @Test
    public void tomcatHoldingNoConnectionBeyondTheAdmittedAndWaitingFailsAtStartUp() {
        String message = startupFailure(new String[] {"shapes.admission.max-in-flight=200",
                "shapes.admission.max-queue=100", "server.tomcat.max-connections=300"}, "plain", "stub");
        assertTrue(message.contains("server.tomcat.max-connections (300) must be above "
                + "shapes.admission.max-in-flight and shapes.admission.max-queue together (200 + 100)"), message);
    }

    private static String startupFailure(String... profiles) {
        return startupFailure(new String[0], profiles);
    }

    /** The properties are given as command-line arguments, so that they override the application's own. */
    private static String startupFailure(String[] properties, String... profiles) {
        SpringApplicationBuilder app = new SpringApplicationBuilder(ShapesLabApplication.class)
                .profiles(profiles)
                .properties("server.port=0", "management.server.port=0", "spring.main.banner-mode=off");
        String[] arguments = Arrays.stream(properties).map(property -> "--" + property).toArray(String[]::new);
        // A check made as the web server starts arrives wrapped in the server's own failure.
        Throwable failure = expectThrows(RuntimeException.class, () -> app.run(arguments));
        while (!(failure instanceof IllegalStateException) && failure.getCause() != null) {
            failure = failure.getCause();
        }
        assertTrue(failure instanceof IllegalStateException, "start-up failed otherwise: " + failure);
        return failure.getMessage();
    }
}
