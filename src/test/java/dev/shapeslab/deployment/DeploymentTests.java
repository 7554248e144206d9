package dev.shapeslab.deployment;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.deployment.Deployment.Backend;
import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Server;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.deployment.Deployment.Variant;
import java.util.List;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/** The profiles users type, read into the deployment, and what it derives from them. */
public class DeploymentTests {

    @DataProvider
    public Object[][] deployments() {
        return new Object[][] {
                {List.of(), Variant.PLAIN, Backend.EMBEDDED, Server.TOMCAT, Store.JDBC_ON_H2, Port.BLOCKING},
                {List.of("embedded"), Variant.PLAIN, Backend.EMBEDDED, Server.TOMCAT, Store.JDBC_ON_H2, Port.BLOCKING},
                {List.of("async", "pg"), Variant.ASYNC, Backend.PG, Server.TOMCAT, Store.JDBC_ON_PG, Port.BLOCKING},
                {List.of("vertx", "pg"), Variant.VERTX, Backend.PG, Server.VERTX, Store.PG_CLIENT, Port.NON_BLOCKING},
                {List.of("vertx", "h2"), Variant.VERTX, Backend.H2, Server.VERTX, Store.JDBC_ON_H2, Port.BLOCKING},
                {List.of("webflux", "r2dbc"), Variant.WEBFLUX, Backend.R2DBC, Server.REACTOR_NETTY, Store.R2DBC,
                        Port.NON_BLOCKING},
                {List.of("async", "jetty"), Variant.ASYNC, Backend.EMBEDDED, Server.JETTY, Store.JDBC_ON_H2,
                        Port.BLOCKING},
                {List.of("stub", "virtual", "jetty", "local"), Variant.VIRTUAL, Backend.STUB, Server.JETTY, Store.STUB,
                        Port.BLOCKING},
        };
    }

    @Test(dataProvider = "deployments")
    public void theProfilesChooseOneOfEachAxisAndTheStoreFollows(List<String> profiles, Variant variant,
            Backend backend, Server server, Store store, Port port) {
        Deployment deployment = Deployment.of(profiles);
        assertEquals(deployment, new Deployment(variant, backend, server));
        assertEquals(deployment.store(), store);
        assertEquals(deployment.port(), port);
    }

    @Test
    public void aProfileOfNoAxisIsNamed() {
        assertEquals(Deployment.unknown(List.of("async", "default", "stubb", "jetty")), List.of("stubb"));
    }

    @Test
    public void aServerTheVariantDoesNotRunOnIsRefused() {
        expectThrows(IllegalArgumentException.class, () -> new Deployment(Variant.PLAIN, Backend.STUB,
                Server.REACTOR_NETTY));
    }
}
