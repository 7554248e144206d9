package dev.shapeslab.bench;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One create request of a fault drill ({@link DrillLoad}): its number (the request's colour is
 * {@code drill-<n>}), when it started and ended on the drill's clock (µs), how it ended (the HTTP status,
 * or {@value #TIMEOUT} or {@value #ERROR} when no answer came), and for a 201 the id from its
 * {@code Location}.
 */
record DrillRecord(long n, long startMicros, long endMicros, String status, long id) {

    static final String TIMEOUT = "timeout";
    static final String ERROR = "error";
    static final String CREATED = "201";
    static final String HEADER = "n\tstart_us\tend_us\tstatus\tid";

    long micros() {
        return endMicros - startMicros;
    }

    /** The server answered (any status), as opposed to a timeout or a connection error. */
    boolean answered() {
        return !status.equals(TIMEOUT) && !status.equals(ERROR);
    }

    boolean created() {
        return status.equals(CREATED);
    }

    String line() {
        return n + "\t" + startMicros + "\t" + endMicros + "\t" + status + "\t" + (id < 0 ? "-" : Long.toString(id));
    }

    static DrillRecord parse(String line) {
        String[] f = line.split("\t");
        if (f.length != 5) {
            throw new IllegalArgumentException("not a drill request line (" + HEADER + "): " + ProcStat.abbreviate(line));
        }
        return new DrillRecord(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), f[3],
                f[4].equals("-") ? -1 : Long.parseLong(f[4]));
    }

    static void write(Path file, List<DrillRecord> records) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            for (DrillRecord r : records) {
                w.write(r.line());
                w.write('\n');
            }
        }
    }

    static List<DrillRecord> read(Path file) throws IOException {
        List<DrillRecord> records = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank() && !line.equals(HEADER)) {
                records.add(parse(line));
            }
        }
        return records;
    }
}
