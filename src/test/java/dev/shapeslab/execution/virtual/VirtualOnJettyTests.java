package dev.shapeslab.execution.virtual;

import dev.shapeslab.Requires;
import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant virtual served by Jetty (its virtual threads) instead of Tomcat, over the embedded H2 database. */
@ActiveProfiles({"virtual", "jetty"})
@Requires(VirtualThreads.class)
public class VirtualOnJettyTests extends CrudContractTests {
}
