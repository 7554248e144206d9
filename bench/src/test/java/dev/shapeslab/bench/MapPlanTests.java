package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.testng.annotations.Test;

/** The map of when a model pays: its grid, each model at its best beside as shipped, and a run that resumes. */
public class MapPlanTests {

    @Test
    public void theMapRunsEveryModelAtOnePointOfTheGridBeforeTheNext() {
        Options o = Options.parse(new String[] {"--scenarios", "map", "--variants", "plain,async", "--latencies", "0,100",
                "--users", "10,1000", "--config", "tuned"});

        assertThat(CellPlan.matrix(o)).extracting(CellPlan::id).containsExactly(
                "map-plain-stub-get-circle-c10-lat0-tuned", "map-async-stub-get-circle-c10-lat0-tuned",
                "map-plain-stub-get-circle-c1000-lat0-tuned", "map-async-stub-get-circle-c1000-lat0-tuned",
                "map-plain-stub-get-circle-c10-lat100-tuned", "map-async-stub-get-circle-c10-lat100-tuned",
                "map-plain-stub-get-circle-c1000-lat100-tuned", "map-async-stub-get-circle-c1000-lat100-tuned");
    }

    @Test
    public void theWholeMapIsSixModelsTimesTwentyCells() {
        List<CellPlan> cells = CellPlan.matrix(Options.parse(new String[] {"--scenarios", "map", "--config", "tuned"}));

        assertThat(cells).hasSize(6 * 5 * 4);
        assertThat(cells).extracting(CellPlan::connections).containsOnly(10, 100, 1000, 10000);
        assertThat(cells).extracting(CellPlan::latencyMs).containsOnly(0, 1, 10, 100, 1000);
    }

    @Test
    public void aShippedCellRunsTheAppsDefaultsAndATunedOneItsModelsRule() {
        Options o = Options.parse(new String[] {"--scenarios", "slow-backend", "--variants", "plain", "--users", "1000",
                "--no-baseline", "--config", "shipped,tuned"});
        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(cells).extracting(CellPlan::config).containsExactly("shipped", "tuned");
        assertThat(cells.get(0).backendArguments(o, Path.of("h2"), Path.of("pg"))).containsExactly("--stub.latency=100ms");
        assertThat(cells.get(1).backendArguments(o, Path.of("h2"), Path.of("pg"))).containsExactly("--stub.latency=100ms",
                "--shapes.admission.max-in-flight=1000", "--shapes.admission.max-queue=200", "--shapes.admission.max-wait=10s",
                "--server.tomcat.max-connections=1220");
        assertThat(cells.get(1).id()).endsWith("-tuned");
    }

    @Test
    public void everyModelIsAdmittedAboveItsClientsAndGetsWhatItHoldsARequestWith() {
        assertThat(Tuning.places(10)).isEqualTo(20);
        assertThat(Tuning.places(10000)).isEqualTo(11000);
        assertThat(Tuning.appArguments("virtual", 100, 100)).noneMatch(a -> a.startsWith("--server.tomcat.threads.max"))
                .contains("--server.tomcat.max-connections=230");
        assertThat(Tuning.appArguments("async", 10000, 1000)).contains("--shapes.blocking.queue-capacity=11000");
        assertThat(Tuning.appArguments("webflux", 10000, 1000)).contains("--shapes.blocking.queue-capacity=11000")
                .noneMatch(a -> a.startsWith("--server.tomcat"));
        assertThat(Tuning.appArguments("vertx", 10000, 1000)).contains("--shapes.blocking.queue-capacity=11000")
                .noneMatch(a -> a.startsWith("--server.tomcat"));
        for (String variant : List.of("async", "virtual", "webflux", "vertx")) {
            assertThat(Tuning.appArguments(variant, 1000, 0)).contains("--shapes.admission.max-in-flight=1100");
        }
    }

    @Test
    public void aThreadPerRequestModelGetsTheThreadsItsWaitingRequestsNeedAndEveryOtherClientWaitsOnNone() {
        // no latency: Tomcat's 200, the other 900 of 1,100 places wait at admission; the app adds the request threads
        assertThat(Tuning.appArguments("plain", 1000, 0)).containsExactly("--shapes.admission.max-in-flight=200",
                "--shapes.admission.max-queue=1000", "--shapes.admission.max-wait=10s",
                "--server.tomcat.max-connections=1220");
        // few clients: no more threads than places
        assertThat(Tuning.threads(10, 1000)).isEqualTo(20);
        // 1 s of latency: a thread per client
        assertThat(Tuning.threads(10000, 1000)).isEqualTo(10000);
        assertThat(Tuning.appArguments("rxjava", 10000, 1000)).contains("--shapes.admission.max-in-flight=10000",
                "--shapes.admission.max-queue=1100");
        // 100 ms: what the CPU serves in 100 ms
        assertThat(Tuning.threads(10000, 100)).isEqualTo(1000);
    }

    @Test
    public void aCellThatEndedIsKeptWhenTheRunResumesAndAnInterruptedOneRunsAgain() throws Exception {
        Path dir = Files.createTempDirectory("bench-resume");
        assertThat(Compare.doneBefore(dir)).isFalse();
        for (String status : List.of("ok", "failed", "interrupted")) {
            Properties p = new Properties();
            p.setProperty("status", status);
            RecordFiles.write(dir.resolve("cell.json"), p);
            assertThat(Compare.doneBefore(dir)).as(status).isEqualTo(!status.equals("interrupted"));
        }
    }
}
