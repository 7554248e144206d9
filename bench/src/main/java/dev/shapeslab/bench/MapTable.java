package dev.shapeslab.bench;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The map as a table, for results.md: a row per point of the grid (latency, clients), its ideal (clients ÷ latency),
 * each model's successes a second at its best, the winner in bold, and "failed" where a model served nothing. The
 * figures of the winner chart, for a reader who wants the numbers; drawn from {@code docs/data/map.csv} by
 * {@code bench/redraw.sh} between {@link #START} and {@link #END}.
 */
final class MapTable {

    static final String START = "<!-- map-table:start -->";
    static final String END = "<!-- map-table:end -->";

    private MapTable() {
    }

    static String markdown(List<Results.WindowRow> map) {
        List<CellRows> cells = CellRows.of(map.stream().filter(r -> "map".equals(r.scenario()) && "tuned".equals(CellRows.config(r)))
                .toList());
        List<String> models = ModelStyle.MODELS.stream().map(ModelStyle::model)
                .filter(m -> cells.stream().anyMatch(c -> c.variant().equals(m))).toList();
        StringBuilder md = new StringBuilder("| latency | clients | clients ÷ latency |");
        models.forEach(m -> md.append(" `").append(m).append("` |"));
        md.append("\n|--:|--:|--:|").append("--:|".repeat(models.size())).append('\n');
        TreeSet<List<Integer>> points = new TreeSet<>(Comparator.<List<Integer>>comparingInt(p -> p.get(0)).thenComparingInt(p -> p.get(1)));
        cells.forEach(c -> points.add(List.of(c.facet().latencyMs(), c.clients())));
        for (List<Integer> point : points) {
            List<CellRows> here = cells.stream().filter(c -> c.facet().latencyMs() == point.get(0) && c.clients() == point.get(1)).toList();
            WinnerGrid.Verdict verdict = WinnerGrid.Verdict.of(point.get(0), point.get(1), here);
            md.append("| ").append(point.get(0)).append(" ms | ").append(String.format(Locale.ROOT, "%,d", point.get(1)))
                    .append(" | ").append(point.get(0) == 0 ? "–" : AnswerTable.figure(point.get(1) * 1000.0 / point.get(0)))
                    .append(" |");
            for (String model : models) {
                Optional<CellRows> cell = here.stream().filter(c -> c.variant().equals(model)).findFirst();
                String text = cell.isEmpty() ? "–" : cell.get().failed() ? "failed" : AnswerTable.figure(cell.get().successes());
                // the winner chart's tie: each figure it counts among the winners in bold
                boolean wins = cell.isPresent() && verdict.top().contains(cell.get());
                md.append(' ').append(wins ? "**" + text + "**" : text).append(" |");
            }
            md.append('\n');
        }
        md.append("\nSuccessful requests a second, each model at its best (`--config tuned`); in bold the most, any within 5 % "
                + "of it, and, where the most reached clients ÷ latency, every model within 15 % of that. From `docs/data/map.csv`, written by `bench/redraw.sh`.\n");
        return md.toString();
    }
}
