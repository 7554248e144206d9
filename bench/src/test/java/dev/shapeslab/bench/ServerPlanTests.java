package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.testng.annotations.Test;

/** The server axis: a servlet variant once per {@code --servers}, webflux and vertx on their own servers. */
public class ServerPlanTests {

    @Test
    public void aServletVariantRunsOncePerServerAndTheReactiveOnesOnTheirOwn() {
        Options o = Options.parse(new String[] {"--scenarios", "slow-backend", "--variants", "async,webflux,virtual,vertx",
                "--servers", "tomcat,jetty", "--users", "1000", "--latency", "1000", "--no-baseline"});

        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(cells).extracting(c -> c.variant() + "@" + c.server()).containsExactly(
                "async@tomcat", "async@jetty", "webflux@netty", "virtual@tomcat", "virtual@jetty", "vertx@vertx");
        assertThat(cells).extracting(CellPlan::profiles).containsExactly(
                "async,stub", "async,stub,jetty", "webflux,stub", "virtual,stub", "virtual,stub,jetty", "vertx,stub");
        assertThat(cells.get(1).id()).isEqualTo("slow-backend-async-stub-get-circle-c1000-lat1000-jetty");
        assertThat(cells.get(0).id()).as("a Tomcat cell keeps the id it had before servers were an axis")
                .isEqualTo("slow-backend-async-stub-get-circle-c1000-lat1000");
        assertThat(cells.get(1).describe()).endsWith("on Jetty");
    }

    @Test
    public void tomcatIsTheDefaultServer() {
        Options o = Options.parse(new String[] {"--scenarios", "map", "--variants", "plain", "--latencies", "0",
                "--users", "10"});

        assertThat(CellPlan.matrix(o)).extracting(CellPlan::server).containsExactly("tomcat");
    }

    @Test
    public void aThreadPerRequestModelLeavesItsRequestThreadsToTheAppOnEitherServer() {
        // The app sizes Tomcat's and Jetty's request threads from admission's bound (web.admission.RequestThreads).
        assertThat(Tuning.appArguments("plain", 1000, 100)).contains("--shapes.admission.max-in-flight=1000")
                .noneMatch(a -> a.startsWith("--server.tomcat.threads") || a.startsWith("--server.jetty.threads"))
                // Jetty's connector takes the app's one connection bound
                .contains("--server.tomcat.max-connections=1220");
    }

    @Test
    public void anUnknownServerIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> Options.parse(new String[] {"--servers", "undertow"}))
                .hasMessageContaining("undertow").hasMessageContaining("tomcat, jetty");
    }
}
