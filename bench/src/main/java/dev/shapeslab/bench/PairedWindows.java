package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code --paired}: what a model served at the paired clients as a share of what it served at the cell's, each
 * paired window seconds after a measured one on the same JVM and database, so that a machine whose speed moves
 * between cells minutes apart moves both alike. Read from the rows of {@code results.csv} (a paired window is a row
 * of kind {@code paired}, after its cell's measured rows), for a run's charts and for the committed data: a chart of
 * every model's ratio, run by run ({@link PairedChart}), and results.md's table from
 * {@code docs/data/slow-database-paired.csv} ({@link PairedTable}).
 */
final class PairedWindows {

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
            return median(true, r -> CellRows.perSuccess(r, perRequest.apply(r)));
        }

        /** The median of the pairs' {@link Run#appPerRefusal()}. */
        Double appPerRefusal() {
            return CellRows.median(runs.stream().flatMap(r -> r.appPerRefusal().stream()).toList());
        }

        /** Answers other than 2xx a second at the paired clients, the median over the windows. */
        Double pairedRefusals() {
            return median(true, r -> r.reqPerSecond() == null || CellRows.successes(r) == null ? null
                    : r.reqPerSecond() - CellRows.successes(r));
        }

        private Double median(boolean paired, Function<Results.WindowRow, Double> figure) {
            return CellRows.median(runs.stream().flatMap(r -> (paired ? r.paired : r.at).stream().limit(r.pairs()))
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

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
