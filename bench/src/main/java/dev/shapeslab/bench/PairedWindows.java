package dev.shapeslab.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * {@code --paired}: what a model served at the paired clients as a share of what it served at the cell's, each
 * paired window seconds after a measured one on the same JVM and database, so that a machine whose speed moves
 * between cells minutes apart moves both alike. Read from the rows of {@code results.csv} (a paired window is a row
 * of kind {@code paired}, after its cell's measured rows), for a run's charts and for the committed data: a chart of
 * every model's ratio, run by run, and results.md's table from {@code docs/data/slow-database-paired.csv}
 * ({@link Redraw}).
 */
final class PairedWindows {

    static final String START = "<!-- paired-table:start -->";
    static final String END = "<!-- paired-table:end -->";

    private PairedWindows() {
    }

    /** One cell of one run: its windows at its clients and at the paired clients, the i-th of each a pair. */
    record Run(int repeat, String commit, List<Results.WindowRow> at, List<Results.WindowRow> paired) {

        int pairs() {
            return Math.min(at.size(), paired.size());
        }

        List<Double> atSuccesses() {
            return at.stream().limit(pairs()).map(CellRows::successes).toList();
        }

        List<Double> pairedSuccesses() {
            return paired.stream().limit(pairs()).map(CellRows::successes).toList();
        }

        /** The mean of the paired windows' successes over that of the windows they followed. */
        double ratio() {
            return mean(pairedSuccesses()) / mean(atSuccesses());
        }

        /**
         * The app's CPU per answer other than 2xx at the paired clients, pair by pair: what its CPU a second there
         * exceeds its successes at the cost each had in the window before, over those answers (at 5,000 clients on the
         * slow database, admission's 503s); null for a pair without such answers or without the figures.
         */
        List<Double> appPerRefusal() {
            List<Double> costs = new ArrayList<>();
            for (int i = 0; i < pairs(); i++) {
                Results.WindowRow before = at.get(i);
                Results.WindowRow then = paired.get(i);
                Double successes = CellRows.successes(then);
                if (before.appMicrosPerSuccess() == null || then.appMicros() == null || then.reqPerSecond() == null
                        || successes == null || then.reqPerSecond() - successes < 1) {
                    continue;
                }
                double refusals = then.reqPerSecond() - successes;
                costs.add((then.appMicros() * then.reqPerSecond() - successes * before.appMicrosPerSuccess()) / refusals);
            }
            return costs;
        }

        /** Window by window. */
        List<Double> pairRatios() {
            List<Double> a = atSuccesses();
            List<Double> p = pairedSuccesses();
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                ratios.add(p.get(i) / a.get(i));
            }
            return ratios;
        }
    }

    /** A model (variant, driver, server, settings) at its clients and at the paired clients, over its runs. */
    record Model(Facet facet, String variant, String server, String config, String extras, int clients,
                 int pairedClients, List<Run> runs) {

        /** Every paired window's successes over every window they followed, the runs pooled. */
        double pooled() {
            return mean(runs.stream().flatMap(r -> r.pairedSuccesses().stream()).toList())
                    / mean(runs.stream().flatMap(r -> r.atSuccesses().stream()).toList());
        }

        String driver() {
            return PairedWindows.driver(variant, facet.backend());
        }

        /** The median over the runs' windows of the app's CPU per success, at the cell's clients or the paired ones. */
        Double appPerSuccess(boolean paired) {
            return median(paired, Results.WindowRow::appMicrosPerSuccess);
        }

        /** Another process's CPU per success at the paired clients, from its figure per request: × requests ÷ successes. */
        Double pairedPerSuccess(Function<Results.WindowRow, Double> perRequest) {
            return median(true, r -> {
                Double micros = perRequest.apply(r);
                Double successes = CellRows.successes(r);
                return micros == null || r.reqPerSecond() == null || successes == null || successes <= 0 ? null
                        : micros * r.reqPerSecond() / successes;
            });
        }

        /** The median of the pairs' {@link Run#appPerRefusal()}. */
        Double appPerRefusal() {
            return PairedWindows.median(runs.stream().flatMap(r -> r.appPerRefusal().stream()).toList());
        }

        /** Answers other than 2xx a second at the paired clients, the median over the windows. */
        Double pairedRefusals() {
            return median(true, r -> r.reqPerSecond() == null || CellRows.successes(r) == null ? null
                    : r.reqPerSecond() - CellRows.successes(r));
        }

        private Double median(boolean paired, Function<Results.WindowRow, Double> figure) {
            return PairedWindows.median(runs.stream().flatMap(r -> (paired ? r.paired : r.at).stream().limit(r.pairs()))
                    .map(figure).toList());
        }

        String label(boolean drivers) {
            String model = server.equals("jetty") ? variant + " on Jetty" : variant;
            return model + (drivers ? ", " + driver() : "") + (extras.equals("–") ? "" : " (" + extras.replace("`", "") + ")");
        }
    }

    /**
     * The models that have paired windows, in the models' order, then by driver. A paired row belongs to the last cell
     * of its model and run whose measured rows came before it: a run writes a cell's measured rows, then its paired ones.
     */
    static List<Model> of(List<Results.WindowRow> rows) {
        Map<List<Object>, Run> reading = new HashMap<>();
        List<Map.Entry<List<Object>, Run>> runs = new ArrayList<>();
        for (Results.WindowRow r : rows) {
            List<Object> key = List.of(Facet.of(r), Facet.text(r.variant()), CellRows.server(r), CellRows.config(r),
                    ServerTables.extras(r.settings()), r.repeat());
            if (CellRows.measured(r)) {
                Run run = reading.get(key);
                if (run == null || !run.paired.isEmpty() || run.at.get(0).clients() != r.clients()) {
                    run = new Run(r.repeat(), Facet.text(r.commit()), new ArrayList<>(), new ArrayList<>());
                    reading.put(key, run);
                    runs.add(Map.entry(key, run));
                }
                run.at.add(r);
            } else if ("paired".equals(r.kind()) && "ok".equals(r.status()) && reading.containsKey(key)) {
                reading.get(key).paired.add(r);
            }
        }
        Map<List<Object>, Model> models = new LinkedHashMap<>();
        for (Map.Entry<List<Object>, Run> e : runs) {
            List<Object> key = e.getKey();
            Run run = e.getValue();
            if (run.pairs() == 0) {
                continue;
            }
            int clients = run.at.get(0).clients();
            int pairedClients = run.paired.get(0).clients();
            models.computeIfAbsent(List.of(key.subList(0, 5), clients, pairedClients),
                    k -> new Model((Facet) key.get(0), (String) key.get(1), (String) key.get(2), (String) key.get(3),
                            (String) key.get(4), clients, pairedClients, new ArrayList<>())).runs.add(run);
        }
        return models.values().stream().sorted(Comparator.comparing((Model m) -> ModelStyle.order(m.variant))
                .thenComparing(Model::variant).thenComparing(m -> m.facet.backend()).thenComparing(Model::server)
                .thenComparing(Model::extras).thenComparingInt(Model::clients).thenComparingInt(Model::pairedClients)).toList();
    }

    /**
     * The models by experiment, the driver left out: JDBC and R2DBC on one PostgreSQL share a chart and a table, as
     * the question is what each model keeps, on whichever driver.
     */
    static Map<Facet, List<Model>> byExperiment(List<Model> models) {
        Map<Facet, List<Model>> experiments = new LinkedHashMap<>();
        for (Model m : models) {
            experiments.computeIfAbsent(m.facet.withBackend(""), k -> new ArrayList<>()).add(m);
        }
        return experiments;
    }

    /** "JDBC", "R2DBC", "Vert.x client": what a model reaches its database with. */
    static String driver(String variant, String backend) {
        return switch (backend) {
            case "pg" -> variant.equals("vertx") ? "Vert.x client" : "JDBC";
            case "r2dbc" -> "R2DBC";
            case "h2" -> "H2 TCP server";
            default -> backend;
        };
    }

    /**
     * A bar per model, its ratio pooled over the runs, in its colour; a grey dot per run; lines at 1 (as many as at
     * the cell's clients) and 0.9.
     */
    static JFreeChart chart(List<Model> models) {
        boolean drivers = models.stream().map(m -> m.facet.backend()).distinct().count() > 1;
        int runs = models.stream().mapToInt(m -> m.runs.size()).max().orElse(0);
        DefaultCategoryDataset dots = new DefaultCategoryDataset();
        DefaultCategoryDataset bars = new DefaultCategoryDataset();
        double highest = 1;
        for (Model m : models) {
            bars.addValue(m.pooled(), "pooled", m.label(drivers));
            for (int i = 0; i < runs; i++) {
                Double ratio = i < m.runs.size() ? m.runs.get(i).ratio() : null;
                dots.addValue(ratio, "run " + (i + 1), m.label(drivers));
                highest = Math.max(highest, ratio == null ? 0 : ratio);
            }
            highest = Math.max(highest, m.pooled());
        }
        Model first = models.get(0);
        CategoryAxis x = new CategoryAxis(drivers ? "model, driver" : "model");
        x.setMaximumCategoryLabelLines(3);
        NumberAxis y = new NumberAxis(String.format(Locale.ROOT, "successes/s at %,d clients ÷ at %,d", first.pairedClients,
                first.clients));
        y.setRange(0, Math.max(1.2, highest * 1.08));
        BarRenderer barRenderer = new BarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                Model m = models.get(column);
                return ModelStyle.of(m.variant).fill(m.config);
            }
        };
        barRenderer.setBarPainter(new StandardBarPainter());
        barRenderer.setShadowVisible(false);
        barRenderer.setDrawBarOutline(true);
        barRenderer.setDefaultOutlinePaint(Color.DARK_GRAY);
        barRenderer.setDefaultOutlineStroke(new BasicStroke(0.5f));
        barRenderer.setMaximumBarWidth(0.09);
        LineAndShapeRenderer dotRenderer = new LineAndShapeRenderer(false, true);
        for (int i = 0; i < runs; i++) {
            dotRenderer.setSeriesPaint(i, Color.DARK_GRAY);
            dotRenderer.setSeriesShape(i, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            dotRenderer.setSeriesOutlinePaint(i, Color.WHITE);
        }
        dotRenderer.setUseOutlinePaint(true);
        dotRenderer.setDrawOutlines(true);
        CategoryPlot plot = new CategoryPlot(dots, x, y, dotRenderer);
        plot.setDataset(1, bars);
        plot.setRenderer(1, barRenderer);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.REVERSE); // the bars under the dots
        // behind the bars and dots, told apart in the legend: a label on the line would hide a dot
        plot.addRangeMarker(new ValueMarker(1, ModelStyle.GREY, ModelStyle.guide()), Layer.BACKGROUND);
        plot.addRangeMarker(new ValueMarker(0.9, ModelStyle.GREY, ModelStyle.guide()), Layer.BACKGROUND);
        LegendItemCollection legend = new LegendItemCollection();
        LegendItem bar = new LegendItem(runs > 1 ? "the runs pooled (the model's colour)" : "the model's colour",
                ModelStyle.everyColour());
        bar.setShape(new Rectangle2D.Double(-5, -5, 10, 10));
        legend.add(bar);
        if (runs > 1) {
            legend.add(new LegendItem("one run (the mean of its pairs)", null, null, null, new Ellipse2D.Double(-3.5, -3.5, 7, 7),
                    Color.DARK_GRAY));
        }
        legend.add(new LegendItem(String.format(Locale.ROOT, "1 and 0.9 × the successes at %,d clients", first.clients), null,
                null, null, new Line2D.Double(-8, 0, 8, 0), ModelStyle.guide(), ModelStyle.GREY));
        plot.setFixedLegendItems(legend);
        String title = String.format(Locale.ROOT, "Successes at %,d clients × at %,d, seconds later on the same JVM", first.pairedClients,
                first.clients) + (runs > 1 ? String.format(Locale.ROOT, " · %d runs", runs) : "") + " · "
                + first.facet.withBackend(drivers ? backends(models) : first.facet.backend()).describe();
        return Charts.finish(title, plot);
    }

    /** "PostgreSQL" when every model ran on it (JDBC, R2DBC or the Vert.x client), else the backends' names. */
    private static String backends(List<Model> models) {
        List<String> backends = models.stream().map(m -> m.facet.backend()).distinct().toList();
        return Stream.of("pg", "r2dbc").toList().containsAll(backends) ? "PostgreSQL" : String.join(", ", backends);
    }

    /**
     * results.md's table: a row per model, each run's mean successes a second at the cell's clients and at the paired
     * ones, each run's ratio, the runs pooled, the lowest and highest pair, the app's CPU per success at both.
     */
    static String markdown(List<Results.WindowRow> rows) {
        StringBuilder md = new StringBuilder();
        for (List<Model> models : byExperiment(of(rows)).values()) {
            Model first = models.get(0);
            String at = String.format(Locale.ROOT, "%,d clients", first.clients);
            String paired = String.format(Locale.ROOT, "%,d clients", first.pairedClients);
            md.append("| variant | driver | server | successes/s at ").append(at).append(", run by run | at ")
                    .append(count(first.pairedClients)).append(" | × run by run | × pooled | × pair by pair | non-2xx/s at ")
                    .append(count(first.pairedClients)).append(" | app µs/success, ").append(count(first.clients)).append(" → ")
                    .append(count(first.pairedClients)).append(" | app µs per non-2xx | database, proxy, generator µs/success at ")
                    .append(count(first.pairedClients)).append(" | code |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
            for (Model m : models) {
                md.append("| `").append(m.variant).append("` | ").append(m.driver()).append(" | ")
                        .append(ServerTables.serverName(m.server)).append(" | ")
                        .append(join(m.runs.stream().map(r -> count(mean(r.atSuccesses()))).toList())).append(" | ")
                        .append(join(m.runs.stream().map(r -> count(mean(r.pairedSuccesses()))).toList())).append(" | ")
                        .append(join(m.runs.stream().map(r -> ratio(r.ratio(), 3)).toList())).append(" | **")
                        .append(ratio(m.pooled(), 3)).append("** | ");
                List<Double> pairs = m.runs.stream().flatMap(r -> r.pairRatios().stream()).sorted().toList();
                md.append(ratio(pairs.get(0), 2)).append("–").append(ratio(pairs.get(pairs.size() - 1), 2)).append(" | ")
                        .append(micros(m.pairedRefusals())).append(" | ")
                        .append(micros(m.appPerSuccess(false))).append(" → ")
                        .append(micros(m.appPerSuccess(true))).append(" | ")
                        .append(micros(m.appPerRefusal())).append(" | ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::dbMicros))).append(", ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::proxyMicros))).append(", ")
                        .append(micros(m.pairedPerSuccess(Results.WindowRow::generatorMicros))).append(" | ")
                        .append(m.runs.stream().map(r -> "`" + (r.commit.length() > 7 ? r.commit.substring(0, 7) : r.commit) + "`")
                                .distinct().reduce((a, b) -> a + ", " + b).orElse("–"))
                        .append(" |\n");
            }
            md.append("\n*Run by run*: the mean of each run's windows (a window at ").append(at).append(" and, seconds later on the ")
                    .append("same JVM, one at ").append(paired).append(", a pair); *×*: the mean at ").append(paired)
                    .append(" ÷ the mean at ").append(at).append("; *pooled*: every run's windows together; *pair by pair*: ")
                    .append("the lowest and highest window's ratio; *non-2xx*: every "
                            + "answer but 2xx (here admission's 503s); µs of CPU per success (the non-2xx answers' included), the "
                            + "median over the windows; *app µs per non-2xx*: the app's CPU a second at ")
                    .append(paired).append(" less its successes at the cost each had in the window before, over the non-2xx ")
                    .append("answers, the median over the pairs. From ")
                    .append("`docs/data/slow-database-paired.csv`, written by `bench/redraw.sh`.\n");
        }
        return md.toString();
    }

    private static String join(List<String> values) {
        return String.join("; ", values);
    }

    private static String count(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /** A figure in µs or a second, whole: the windows' spread is wider than a fraction. */
    private static String micros(Double v) {
        return v == null ? "–" : count(v);
    }

    private static String ratio(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static Double median(List<Double> figures) {
        List<Double> values = figures.stream().filter(Objects::nonNull).sorted().toList();
        int n = values.size();
        return n == 0 ? null : n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
