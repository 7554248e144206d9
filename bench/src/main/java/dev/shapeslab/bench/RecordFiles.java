package dev.shapeslab.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The harness's own record files of a run ({@code run.json}, each cell's {@code cell.json}, a drill's
 * {@code drill.json}, and each window's {@code NAME.cpu.json} of raw {@code /proc} lines): flat JSON objects of
 * strings, keys sorted, written and read with Jackson. Runs recorded before kept them as Java properties files
 * ({@code run.properties}, {@code cell.properties}, {@code drill.properties}, {@code NAME.cpu}); {@link #read}
 * reads those when there is no JSON file, so {@code --report-only} still reads old runs.
 */
final class RecordFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordFiles() {
    }

    static void write(Path file, Properties values) throws IOException {
        Map<String, String> sorted = new TreeMap<>();
        values.stringPropertyNames().forEach(k -> sorted.put(k, values.getProperty(k)));
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), sorted);
    }

    /** The record {@code json}, or its properties file of an older run; empty when there is neither. */
    static Properties read(Path json) throws IOException {
        Properties p = new Properties();
        if (Files.exists(json)) {
            Map<String, String> values = JSON.readValue(json.toFile(), new TypeReference<Map<String, String>>() { });
            values.forEach(p::setProperty);
        } else if (Files.exists(legacy(json))) {
            try (Reader r = Files.newBufferedReader(legacy(json), StandardCharsets.UTF_8)) {
                p.load(r);
            }
        }
        return p;
    }

    static boolean exists(Path json) {
        return Files.exists(json) || Files.exists(legacy(json));
    }

    /** {@code cell.json} -> {@code cell.properties}; {@code measure-1.cpu.json} -> {@code measure-1.cpu}. */
    static Path legacy(Path json) {
        String name = json.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return json.resolveSibling(base.endsWith(".cpu") ? base : base + ".properties");
    }
}
