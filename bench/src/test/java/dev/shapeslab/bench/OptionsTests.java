package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.testng.annotations.Test;

/** compare.sh's options, parsed by picocli: the names, defaults and refusals the harness always had. */
public class OptionsTests {

    @Test
    public void helpNamesEveryOption() {
        String usage = Options.usage();

        assertThat(usage).startsWith("Usage: bench/compare.sh [options]");
        for (String option : List.of("--help", "--variants", "--scenarios", "--backends", "--users", "--latency",
                "--no-baseline", "--connections", "--workloads", "--drill-connections", "--overload-connections",
                "--overload-warmup", "--retry-after", "--fault-heap", "--drill-threads", "--fault-cells", "--repeat",
                "--window", "--windows", "--paired", "--warmup-window", "--warmup-min", "--warmup-max", "--settle", "--open",
                "--open-rates", "--jfr", "--heap", "--jvm-opts", "--port", "--management-port", "--h2-port", "--pg-port",
                "--start-timeout", "--out", "--keep-data", "--dry-run", "--report-only")) {
            assertThat(usage).contains(option);
        }
        assertThat(Options.parse(new String[] {"--help"}).help).isTrue();
        assertThat(Options.parse(new String[] {"-h"}).help).isTrue();
    }

    @Test
    public void keepsTheDefaultsAndTakesValuesWithASpaceOrAnEqualsSign() {
        Options defaults = Options.parse(new String[] {});
        assertThat(defaults.variants).containsExactly("plain", "rxjava", "async", "virtual", "webflux", "vertx");
        assertThat(defaults.scenarios).containsExactly("slow-backend", "mixed");
        assertThat(defaults.users).containsExactly(100, 1000);
        assertThat(defaults.openPercents).containsExactly(50, 80);
        assertThat(defaults.baseline).isTrue();
        assertThat(defaults.window).isEqualTo(15);

        Options o = Options.parse(new String[] {"--variants", "plain,virtual", "--users=16", "--open", "none",
                "--no-baseline", "--window", "5", "--jvm-opts", "-Xlog:gc -Dx=1", "--dry-run", "--drill-threads", "virtual"});
        assertThat(o.variants).containsExactly("plain", "virtual");
        assertThat(o.users).containsExactly(16);
        assertThat(o.openPercents).isEmpty();
        assertThat(o.baseline).isFalse();
        assertThat(o.window).isEqualTo(5);
        assertThat(o.appJvmOptions()).containsExactly("-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-Xlog:gc", "-Dx=1");
        assertThat(o.dryRun).isTrue();
        assertThat(o.drillClients).isEqualTo(DrillLoad.Clients.VIRTUAL);
        assertThat(defaults.paired).isZero();
        assertThat(Options.parse(new String[] {"--paired", "5000"}).paired).isEqualTo(5000);
    }

    @Test
    public void refusesWhatItDoesNotKnowSayingWhatIsAllowed() {
        assertThatThrownBy(() -> Options.parse(new String[] {"--variants", "plain,reactive"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown variant 'reactive' (plain, rxjava, async, virtual, webflux, vertx)");
        assertThatThrownBy(() -> Options.parse(new String[] {"--window", "0"}))
                .hasMessage("--window needs an integer >= 1, got '0'");
        assertThatThrownBy(() -> Options.parse(new String[] {"--heap", "lots"}))
                .hasMessageContaining("must look like 1g or 512m");
        assertThatThrownBy(() -> Options.parse(new String[] {"--bogus"})).hasMessageContaining("Unknown option: '--bogus'");
        assertThatThrownBy(() -> Options.parse(new String[] {"--window"})).hasMessageContaining("Missing required parameter");
    }

    @Test
    public void r2dbcIsABackendButNotForVariantsTheAppRefusesOnIt() {
        assertThat(Options.parse(new String[] {"--backends", "pg,r2dbc"}).backends).containsExactly("pg", "r2dbc");
        assertThat(Options.parse(new String[] {"--variants", "async", "--backends", "r2dbc"}).variants)
                .containsExactly("async");
        assertThatThrownBy(() -> Options.parse(new String[] {"--variants", "plain,virtual", "--backends", "h2,r2dbc"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--backends r2dbc runs under --variants async or rxjava or webflux only (the app refuses plain and virtual"
                        + " on r2dbc: plain and virtual block on their store calls, vertx has the Vert.x PostgreSQL client;"
                        + " backend pg serves them)");
        assertThat(Options.usage()).contains("r2dbc");
    }
}
