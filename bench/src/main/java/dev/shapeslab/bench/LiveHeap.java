package dev.shapeslab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code --live-heap} recorded in the middle of a measured window: the live heap after the full GC of
 * {@code jcmd GC.class_histogram} (its {@code Total} line), and the requests the app had in flight just before (its
 * admission gauge). Across cells of different clients, the slope of the one against the other is the heap each
 * request in flight holds.
 */
record LiveHeap(double bytes, Double inFlight) {

    /** The window's figures, or null when it has no histogram. */
    static LiveHeap of(Path cellDir, String window) throws IOException {
        Path histogram = cellDir.resolve(window + ".histogram.txt");
        if (!Files.exists(histogram)) {
            return null;
        }
        Double bytes = totalBytes(Files.readAllLines(histogram, StandardCharsets.UTF_8));
        if (bytes == null) {
            return null;
        }
        Path mid = cellDir.resolve(window + ".prom-mid");
        Double inFlight = Files.exists(mid)
                ? ServerMetrics.samples(Files.readString(mid, StandardCharsets.UTF_8)).get("admission_inflight") : null;
        return new LiveHeap(bytes, inFlight);
    }

    /** The bytes of a class histogram's {@code Total} line ("Total  1234  56789"), or null without one. */
    static Double totalBytes(List<String> histogram) {
        for (String line : histogram) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length == 3 && fields[0].equals("Total")) {
                return Double.parseDouble(fields[2]);
            }
        }
        return null;
    }
}
