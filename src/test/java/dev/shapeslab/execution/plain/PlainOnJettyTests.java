package dev.shapeslab.execution.plain;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant plain served by Jetty instead of Tomcat, over the embedded H2 database. */
@ActiveProfiles({"plain", "jetty"})
public class PlainOnJettyTests extends CrudContractTests {
}
