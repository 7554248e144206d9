package dev.shapeslab;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * Dependencies point one way: domain ← persistence ← execution → web, with start-up (the composition of
 * the variant, the backend and the web layer) at the root. A backend never asks which execution model runs,
 * and the web layer never knows which variant it serves. Inside persistence, the backends depend on what they
 * share (its root package) and never on each other; outside it, only start-up names a backend, and everything else
 * reaches one through the ports (the blocking one in the root, the two non-blocking ones, whose Mono and Future are their
 * point, in {@code nonblocking}). A backend speaks no HTTP, and each non-blocking driver stays inside its backend; what the
 * backends share imports none of their libraries.
 * The backend rules name no backend, so that one added later is held to them too. Inside the web layer, its core
 * (the root package) imports none of its sub-packages and no server's API (JAX-RS, Reactor, Vert.x, WebFlux), so
 * that every server throws and answers the same types; admission control ({@code web.admission}: the queue and one
 * adapter per server) imports the core and no server's package; each server's package ({@code jersey}, {@code jetty},
 * {@code flux}, {@code vertx}) may import admission and the core, never another server's. Those rules name no server
 * either. Any layer may ask which deployment runs ({@code deployment}: the profiles read into variant, backend and
 * server, and the conditions on them), which imports none of the app's packages.
 */
public class ArchitectureTests {

    /** Every backend package and what lies under it (with the non-blocking ports, see {@link #PORTS}), not the root. */
    private static final String BACKENDS = "dev.shapeslab.persistence.*..";

    /** The non-blocking storage ports: a sub-package of persistence, but what backends implement, not a backend. */
    private static final String PORTS = "dev.shapeslab.persistence.nonblocking..";

    /** Every sub-package of the web layer and what lies under it: admission's and each server's. */
    private static final String WEB_SUB_PACKAGES = "dev.shapeslab.web.*..";

    private static final String ADMISSION = "dev.shapeslab.web.admission..";

    private static final String DEPLOYMENT = "dev.shapeslab.deployment..";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.shapeslab");

    @DataProvider
    public Object[][] rules() {
        return new Object[][] {
                {"domain depends on no other layer", noClasses().that().resideInAPackage("dev.shapeslab.domain..")
                        .should().dependOnClassesThat().resideInAnyPackage("dev.shapeslab.persistence..",
                                "dev.shapeslab.execution..", "dev.shapeslab.web..", "dev.shapeslab.startup..")},
                {"persistence knows neither execution models nor the web", noClasses().that()
                        .resideInAPackage("dev.shapeslab.persistence..").should().dependOnClassesThat()
                        .resideInAnyPackage("dev.shapeslab.execution..", "dev.shapeslab.web..",
                                "dev.shapeslab.startup..")},
                {"the web layer serves any variant over any backend", noClasses().that()
                        .resideInAPackage("dev.shapeslab.web..").should().dependOnClassesThat()
                        .resideInAnyPackage("dev.shapeslab.execution..", "dev.shapeslab.persistence..",
                                "dev.shapeslab.startup..")},
                {"the web layer's core imports none of its sub-packages", noClasses().that()
                        .resideInAPackage("dev.shapeslab.web").should().dependOnClassesThat()
                        .resideInAPackage(WEB_SUB_PACKAGES)},
                {"the web layer's core is server-neutral: no JAX-RS, Reactor, Vert.x or WebFlux type", noClasses().that()
                        .resideInAPackage("dev.shapeslab.web").should().dependOnClassesThat().resideInAnyPackage(
                                "jakarta.ws.rs..", "reactor..", "io.vertx..", "org.springframework.web.reactive..")},
                {"admission control imports the web layer's core, not a server's package", noClasses().that()
                        .resideInAPackage(ADMISSION).should().dependOnClassesThat(
                                resideInAPackage(WEB_SUB_PACKAGES).and(resideOutsideOfPackage(ADMISSION)))},
                {"each server's web package may import admission control, never another server's", slices()
                        .matching("dev.shapeslab.web.(*)..").should().notDependOnEachOther()
                        .ignoreDependency(DescribedPredicate.alwaysTrue(), resideInAPackage(ADMISSION))},
                {"execution models are composed, not composing", noClasses().that()
                        .resideInAPackage("dev.shapeslab.execution..").should().dependOnClassesThat()
                        .resideInAPackage("dev.shapeslab.startup..")},
                {"the deployment (the profiles read into variant, backend and server) imports none of the app's packages",
                        noClasses().that().resideInAPackage(DEPLOYMENT).should().dependOnClassesThat(
                                resideInAPackage("dev.shapeslab..").and(resideOutsideOfPackage(DEPLOYMENT)))},
                {"no cycles between layers", slices().matching("dev.shapeslab.(*)..").should().beFreeOfCycles()},
                {"what the backends share (time bounds, outage kinds, the breaker) knows no backend", noClasses().that()
                        .resideInAPackage("dev.shapeslab.persistence").should().dependOnClassesThat()
                        .resideInAPackage(BACKENDS)},
                {"the store-call policy the backends share imports no Reactor and no Vert.x (each driver adapts it)",
                        noClasses().that().resideInAPackage("dev.shapeslab.persistence")
                                .should().dependOnClassesThat().resideInAnyPackage("reactor..", "io.vertx..",
                                        "io.github.resilience4j.reactor..", "org.reactivestreams..")},
                {"the backends (JDBC, R2DBC, the Vert.x client, the stub) depend on what they share, not on each other",
                        slices().matching("dev.shapeslab.persistence.(*)..").should().notDependOnEachOther()
                                .ignoreDependency(DescribedPredicate.alwaysTrue(), resideInAPackage(PORTS))},
                {"the variants and the web reach a backend through the ports; only start-up names one", noClasses()
                        .that().resideOutsideOfPackages("dev.shapeslab.persistence..", "dev.shapeslab.startup..")
                        .should().dependOnClassesThat(resideInAPackage(BACKENDS).and(resideOutsideOfPackage(PORTS)))},
                {"a backend speaks no HTTP", noClasses().that().resideInAPackage("dev.shapeslab.persistence..")
                        .should().dependOnClassesThat().resideInAnyPackage("io.vertx.ext.web..", "jakarta.ws.rs..",
                                "jakarta.servlet..", "org.glassfish.jersey..", "org.springframework.web..",
                                "org.springframework.http..", "org.apache.catalina..")},
                {"only backend pgclient speaks the Vert.x PostgreSQL client", noClasses().that()
                        .resideOutsideOfPackage("dev.shapeslab.persistence.pgclient..").should().dependOnClassesThat()
                        .resideInAnyPackage("io.vertx.sqlclient..", "io.vertx.pgclient..")},
                {"only backend r2dbc speaks R2DBC", noClasses().that()
                        .resideOutsideOfPackage("dev.shapeslab.persistence.r2dbc..").should().dependOnClassesThat()
                        .resideInAPackage("io.r2dbc..")},
        };
    }

    @Test(dataProvider = "rules")
    public void dependenciesPointOneWay(String rule, ArchRule check) {
        check.check(MAIN);
    }
}
