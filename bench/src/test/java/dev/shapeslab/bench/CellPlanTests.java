package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/** The matrix of the faults scenario. */
public class CellPlanTests {

    @Test
    public void faultsRunsAKillAFreezeAndAnOverloadPerVariant() {
        Options o = Options.parse(new String[] {"--scenarios", "faults", "--variants", "plain,async"});
        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(cells).extracting(CellPlan::id).containsExactly(
                "faults-plain-h2-kill-c32", "faults-plain-h2-freeze-c32", "faults-plain-stub-overload-c5000-lat100",
                "faults-async-h2-kill-c32", "faults-async-h2-freeze-c32", "faults-async-stub-overload-c5000-lat100");
        assertThat(cells.get(0).heap(o)).isEqualTo("512m");
        assertThat(o.appJvmOptions(cells.get(0).heap(o))).startsWith("-Xms512m", "-Xmx512m");
        assertThat(FaultDrill.admissionLimit("plain", "")).isEqualTo(150);
        assertThat(FaultDrill.admissionLimit("virtual", "")).isEqualTo(1000);
        assertThat(FaultDrill.admissionLimit("webflux", "")).isEqualTo(1000);
        assertThat(FaultDrill.admissionLimit("vertx", "")).isEqualTo(1000);
        assertThat(FaultDrill.admissionLimit("async", "-Xlog:gc -Dshapes.admission.max-in-flight=500")).isEqualTo(500);
        assertThat(FaultDrill.admissionLimit("plain", "-Dshapes.admission.max-in-flight=90 -Dshapes.admission.max-in-flight=120"))
                .isEqualTo(120);
        assertThat(FaultDrill.admissionLimit("plain", "-Dshapes.admission.max-in-flight=90x")).isEqualTo(150);
    }

    @Test
    public void faultCellsPicksTheCellsOfEachVariantInTheirOrder() {
        Options o = Options.parse(new String[] {"--scenarios", "faults", "--variants", "plain,virtual",
                "--fault-cells", "overload"});
        assertThat(CellPlan.matrix(o)).extracting(CellPlan::id).containsExactly(
                "faults-plain-stub-overload-c5000-lat100", "faults-virtual-stub-overload-c5000-lat100");

        Options databaseOnly = Options.parse(new String[] {"--scenarios", "faults", "--variants", "async",
                "--fault-cells", "freeze,kill", "--backends", "h2,pg"});
        assertThat(CellPlan.matrix(databaseOnly)).extracting(CellPlan::id).containsExactly(
                "faults-async-h2-kill-c32", "faults-async-h2-freeze-c32", "faults-async-pg-kill-c32", "faults-async-pg-freeze-c32");
        assertThat(Options.parse(new String[] {}).faultCells).containsExactly("kill", "freeze", "overload");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Options.parse(new String[] {"--fault-cells", "overlaod"}))
                .hasMessageContaining("unknown fault cell 'overlaod'");
    }

    @Test
    public void theOtherScenariosKeepTheirCellsAndHeap() {
        Options o = Options.parse(new String[] {"--scenarios", "mixed", "--variants", "plain", "--heap", "2g"});
        CellPlan mixed = CellPlan.matrix(o).get(0);

        assertThat(mixed.id()).isEqualTo("mixed-plain-h2-mixed-c16");
        assertThat(mixed.fault()).isEmpty();
        assertThat(mixed.heap(o)).isEqualTo("2g");
    }

    @Test
    public void backendsMultiplyTheDatabaseCellsAndLeaveTheStubOnesAlone() {
        Options o = Options.parse(new String[] {"--scenarios", "mixed,per-type,faults,slow-backend", "--variants", "plain,async",
                "--backends", "h2,pg", "--workloads", "get-circle", "--users", "100", "--no-baseline", "--pg-port", "25432"});
        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(o.pgPort).isEqualTo(25432);
        assertThat(cells).extracting(CellPlan::id).containsExactly(
                "mixed-plain-h2-mixed-c16", "mixed-plain-pg-mixed-c16", "mixed-async-h2-mixed-c16", "mixed-async-pg-mixed-c16",
                "per-type-plain-h2-get-circle-c16", "per-type-plain-pg-get-circle-c16",
                "per-type-async-h2-get-circle-c16", "per-type-async-pg-get-circle-c16",
                "faults-plain-h2-kill-c32", "faults-plain-h2-freeze-c32", "faults-plain-pg-kill-c32", "faults-plain-pg-freeze-c32",
                "faults-plain-stub-overload-c5000-lat100",
                "faults-async-h2-kill-c32", "faults-async-h2-freeze-c32", "faults-async-pg-kill-c32", "faults-async-pg-freeze-c32",
                "faults-async-stub-overload-c5000-lat100",
                "slow-backend-plain-stub-get-circle-c100-lat100", "slow-backend-async-stub-get-circle-c100-lat100");
        assertThat(cells.get(1).estimateSeconds(o)).isGreaterThan(cells.get(0).estimateSeconds(o));
        assertThat(Options.parse(new String[] {}).backends).containsExactly("h2");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Options.parse(new String[] {"--backends", "mysql"}))
                .hasMessageContaining("unknown backend 'mysql'");
    }
    @Test
    public void r2dbcRunsOnThePostgresServerUnderAsyncAndRxjavaAndSkipsThePairingsTheAppRefuses() {
        Options o = Options.parse(new String[] {"--scenarios", "mixed,faults", "--backends", "pg,r2dbc",
                "--fault-cells", "kill"});
        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(cells).extracting(CellPlan::id).containsExactly(
                "mixed-plain-pg-mixed-c16", "mixed-rxjava-pg-mixed-c16", "mixed-rxjava-r2dbc-mixed-c16",
                "mixed-async-pg-mixed-c16", "mixed-async-r2dbc-mixed-c16", "mixed-virtual-pg-mixed-c16",
                "mixed-webflux-pg-mixed-c16", "mixed-webflux-r2dbc-mixed-c16", "mixed-vertx-pg-mixed-c16",
                "faults-plain-pg-kill-c32", "faults-rxjava-pg-kill-c32", "faults-rxjava-r2dbc-kill-c32",
                "faults-async-pg-kill-c32", "faults-async-r2dbc-kill-c32", "faults-virtual-pg-kill-c32",
                "faults-webflux-pg-kill-c32", "faults-webflux-r2dbc-kill-c32", "faults-vertx-pg-kill-c32");
        assertThat(CellPlan.skipped(o)).containsExactly(
                "plain on r2dbc: skipped, the app refuses it (r2dbc serves async, rxjava, webflux; pg serves plain)",
                "virtual on r2dbc: skipped, the app refuses it (r2dbc serves async, rxjava, webflux; pg serves virtual)",
                "vertx on r2dbc: skipped, the app refuses it (r2dbc serves async, rxjava, webflux; pg serves vertx)");
        CellPlan r2dbc = cells.get(2);
        assertThat(r2dbc.onPostgres()).isTrue();
        assertThat(r2dbc.estimateSeconds(o)).isEqualTo(cells.get(1).estimateSeconds(o));
    }

    @Test
    public void aPoolSweepIsACellPerPoolSizeAndClientCountEachSizingEveryDriversPool() {
        Options o = Options.parse(new String[] {"--scenarios", "mixed", "--backends", "pg", "--variants", "async,vertx",
                "--connections", "1000,5000", "--db-pools", "10,100"});

        List<CellPlan> cells = CellPlan.matrix(o);

        assertThat(cells).extracting(CellPlan::id).containsExactly(
                "mixed-async-pg-mixed-c1000-pool10", "mixed-vertx-pg-mixed-c1000-pool10",
                "mixed-async-pg-mixed-c1000-pool100", "mixed-vertx-pg-mixed-c1000-pool100",
                "mixed-async-pg-mixed-c5000-pool10", "mixed-vertx-pg-mixed-c5000-pool10",
                "mixed-async-pg-mixed-c5000-pool100", "mixed-vertx-pg-mixed-c5000-pool100");
        assertThat(cells.get(2).backendArguments(o, Path.of("/tmp/h2"), Path.of("/tmp/pg"))).contains(
                "--spring.datasource.hikari.maximum-pool-size=100", "--shapes.r2dbc.pool.max-size=100",
                "--shapes.vertx.pg.pool.max-size=100");
        assertThat(new CellPlan("mixed", "async", "pg", Workload.MIXED, 16, 0).poolArguments()).isEmpty();
    }

    @Test
    public void anR2dbcCellReachesThePgCellsServerDatabaseAndPassword() {
        Options o = Options.parse(new String[] {"--backends", "r2dbc", "--pg-port", "25432"});
        CellPlan r2dbc = new CellPlan("mixed", "async", "r2dbc", Workload.MIXED, 16, 0);
        CellPlan pg = new CellPlan("mixed", "async", "pg", Workload.MIXED, 16, 0);
        Path pgData = Path.of("/tmp/cell/pg-data");

        assertThat(r2dbc.backendArguments(o, Path.of("/tmp/cell/h2-data"), pgData)).containsExactly(
                "--shapes.pg.host=127.0.0.1", "--shapes.pg.port=25432", "--shapes.pg.secrets-dir=/tmp/cell/pg-data/secrets/");
        assertThat(r2dbc.backendArguments(o, Path.of("/tmp/cell/h2-data"), pgData))
                .isEqualTo(pg.backendArguments(o, Path.of("/tmp/cell/h2-data"), pgData));
        assertThat(CellPlan.onPostgres("h2")).isFalse();
        assertThat(CellPlan.onPostgres("stub")).isFalse();
    }

    @Test
    public void theStubScenariosIgnoreTheBackendsSoNothingIsSkipped() {
        Options o = Options.parse(new String[] {"--scenarios", "slow-backend", "--backends", "r2dbc"});
        assertThat(CellPlan.skipped(o)).isEmpty();
        assertThat(CellPlan.matrix(o)).allMatch(cell -> cell.backend().equals("stub"));
    }
}
