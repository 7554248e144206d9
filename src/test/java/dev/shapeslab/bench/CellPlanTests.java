package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(FaultDrill.admissionLimit("plain")).isEqualTo(150);
        assertThat(FaultDrill.admissionLimit("virtual")).isEqualTo(1000);
    }

    @Test
    public void theOtherScenariosKeepTheirCellsAndHeap() {
        Options o = Options.parse(new String[] {"--scenarios", "mixed", "--variants", "plain", "--heap", "2g"});
        CellPlan mixed = CellPlan.matrix(o).get(0);

        assertThat(mixed.id()).isEqualTo("mixed-plain-h2-mixed-c16");
        assertThat(mixed.fault()).isEmpty();
        assertThat(mixed.heap(o)).isEqualTo("2g");
    }
}
