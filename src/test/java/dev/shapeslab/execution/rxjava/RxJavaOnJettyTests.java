package dev.shapeslab.execution.rxjava;

import dev.shapeslab.contract.CrudContractTests;
import org.springframework.test.context.ActiveProfiles;

/** The contract on variant rxjava served by Jetty instead of Tomcat, over the embedded H2 database. */
@ActiveProfiles({"rxjava", "jetty"})
public class RxJavaOnJettyTests extends CrudContractTests {
}
