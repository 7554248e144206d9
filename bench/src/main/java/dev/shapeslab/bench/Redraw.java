package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Redraws the charts of the docs from committed data ({@code bench/redraw.sh} runs it): every
 * {@code docs/data/NAME.csv} (a {@code results.csv} of {@link Results}) becomes {@code docs/charts/NAME-*.png}, drawn
 * by the same code as a run's charts; and the answer table of {@code README.md} and {@code docs/results.md}
 * ({@link AnswerTable}) is written again from {@code map.csv} and {@code fair-answer.csv}, and the map's table of
 * {@code docs/results.md} ({@link MapTable}) from {@code map.csv}, and its server tables ({@link ServerTables}) from
 * {@code c10k.csv} and {@code heap-in-flight.csv}, and its paired table ({@link PairedTable}) from
 * {@code slow-database-paired.csv}. It writes only its own
 * files: the charts of docs/charts that have no data set stay as they are.
 */
final class Redraw {

    private Redraw() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : System.getProperty("bench.root", "."));
        redraw(root).forEach(System.out::println);
    }

    /** Redraws everything under {@code root}; what it wrote, a line each. */
    static List<String> redraw(Path root) throws IOException {
        Path data = root.resolve("docs/data");
        Path out = root.resolve("docs/charts");
        List<String> done = new ArrayList<>();
        List<Path> sets;
        try (Stream<Path> files = Files.isDirectory(data) ? Files.list(data) : Stream.empty()) {
            sets = files.filter(f -> f.getFileName().toString().endsWith(".csv")).sorted().toList();
        }
        if (sets.isEmpty()) {
            done.add("redraw: no data sets under " + data);
            return done;
        }
        Files.createDirectories(out);
        for (Path set : sets) {
            String name = set.getFileName().toString().replaceFirst("\\.csv$", "");
            List<Results.WindowRow> rows = Results.read(set, Results.WindowRow.class);
            List<String> scenarios = rows.stream().map(r -> Facet.text(r.scenario())).distinct().toList();
            Charts.Names names = new Charts.Names(name + "-", scenarios.size() > 1);
            for (String scenario : scenarios) {
                List<Results.WindowRow> own = rows.stream().filter(r -> scenario.equals(Facet.text(r.scenario()))).toList();
                for (Charts.Chart chart : Charts.draw(out, names, scenario, own, SpectrumChart::fromRows)) {
                    done.add(root.relativize(out.resolve(chart.file())) + ": " + chart.title());
                }
            }
        }
        Path map = data.resolve("map.csv");
        Path fair = data.resolve("fair-answer.csv");
        if (Files.exists(map) || Files.exists(fair)) {
            String table = AnswerTable.markdown(read(map), read(fair));
            for (String doc : List.of("README.md", "docs/results.md")) {
                Path file = root.resolve(doc);
                boolean changed = AnswerTable.replace(file, table);
                done.add(doc + ": " + (changed ? "answer table written"
                        : Files.exists(file) && Files.readString(file).contains(AnswerTable.START) ? "answer table unchanged"
                        : "no " + AnswerTable.START + " marker, left alone"));
            }
        }
        if (Files.exists(map)) {
            Path results = root.resolve("docs/results.md");
            boolean changed = AnswerTable.replace(results, MapTable.START, MapTable.END, MapTable.markdown(read(map)));
            done.add("docs/results.md: " + (changed ? "map table written" : "map table unchanged or no marker"));
        }
        table(root, data.resolve("c10k.csv"), ServerTables.C10K_START, ServerTables.C10K_END, ServerTables::c10k, "C10k table", done);
        table(root, data.resolve("heap-in-flight.csv"), ServerTables.HEAP_START, ServerTables.HEAP_END, ServerTables::heap,
                "heap per request table", done);
        table(root, data.resolve("slow-database-paired.csv"), PairedTable.START, PairedTable.END, PairedTable::markdown,
                "paired table", done);
        return done;
    }

    /** A table of docs/results.md drawn from one data set, when the set exists. */
    private static void table(Path root, Path csv, String start, String end,
                              Function<List<Results.WindowRow>, String> markdown, String what,
                              List<String> done) throws IOException {
        if (!Files.exists(csv)) {
            return;
        }
        boolean changed = AnswerTable.replace(root.resolve("docs/results.md"), start, end, markdown.apply(read(csv)));
        done.add("docs/results.md: " + what + (changed ? " written" : " unchanged or no marker"));
    }

    private static List<Results.WindowRow> read(Path csv) throws IOException {
        return Files.exists(csv) ? Results.read(csv, Results.WindowRow.class) : List.of();
    }
}
