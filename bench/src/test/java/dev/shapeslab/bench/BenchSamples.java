package dev.shapeslab.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Real output of the tools, committed under {@code src/test/resources/bench}: wrk runs (wrapped by the
 * harness's CPU line or not), {@code /proc} lines, and a whole run directory written by {@link Compare}.
 */
final class BenchSamples {

    private BenchSamples() {
    }

    static Path path(String name) {
        try {
            return Path.of(Objects.requireNonNull(BenchSamples.class.getResource("/bench/" + name), name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> lines(String name) throws IOException {
        return Files.readAllLines(path(name), StandardCharsets.UTF_8);
    }

    /** The mixed-workload cell of the sample run: plain on the H2 TCP server. */
    static Path mixedCell() {
        return path("run/cells/002-mixed-plain-h2-mixed-c16");
    }
}
