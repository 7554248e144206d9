package dev.shapeslab.execution.async;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant async served by Jetty instead of Tomcat, over the embedded H2 database. */
@ActiveProfiles({"async", "jetty"})
public class AsyncOnJettyTests extends CrudContractTests {
}
