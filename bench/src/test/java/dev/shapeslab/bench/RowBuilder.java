package dev.shapeslab.bench;

/**
 * A row of {@code results.csv} built by hand for a chart's test: a measured window of one model at one cell, every
 * figure a chart does not read left at a plain default, or a failed cell.
 */
final class RowBuilder {

    private String scenario = "slow-backend";
    private final String variant;
    private final int clients;
    private final int latencyMs;
    private String config = "tuned";
    private String window = "measure-1";
    private double reqPerSecond = 1000;
    private Double successes;
    private long errors;
    private double appMicros = 100;
    private Double dbMicros;
    private Double proxyMicros;
    private double p99Ms = 150;
    private String error;
    private String server;
    private Double liveHeapMib;
    private Double inFlight;
    private String settings = "";
    private String backend = "stub";
    private int repeat = 1;

    private RowBuilder(String variant, int clients, int latencyMs) {
        this.variant = variant;
        this.clients = clients;
        this.latencyMs = latencyMs;
    }

    static RowBuilder row(String variant, int clients, int latencyMs) {
        return new RowBuilder(variant, clients, latencyMs);
    }

    RowBuilder scenario(String value) {
        scenario = value;
        return this;
    }

    RowBuilder shipped() {
        config = "shipped";
        return this;
    }

    RowBuilder window(String value) {
        window = value;
        return this;
    }

    /** {@code answers} a second, of which {@code served} were 2xx. */
    RowBuilder answers(double answers, double served) {
        reqPerSecond = answers;
        successes = served;
        errors = Math.round((answers - served) * 10);
        return this;
    }

    RowBuilder successes(double served) {
        return answers(served, served);
    }

    RowBuilder app(double microsPerRequest) {
        appMicros = microsPerRequest;
        return this;
    }

    RowBuilder db(double microsPerRequest) {
        dbMicros = microsPerRequest;
        return this;
    }

    RowBuilder proxy(double microsPerRequest) {
        proxyMicros = microsPerRequest;
        return this;
    }

    RowBuilder p99(double ms) {
        p99Ms = ms;
        return this;
    }

    RowBuilder liveHeap(double mib, double requestsInFlight) {
        liveHeapMib = mib;
        inFlight = requestsInFlight;
        return this;
    }

    RowBuilder settings(String arguments) {
        settings = arguments;
        return this;
    }

    RowBuilder backend(String name) {
        backend = name;
        return this;
    }

    RowBuilder repeat(int value) {
        repeat = value;
        return this;
    }

    RowBuilder server(String name) {
        server = name;
        return this;
    }

    RowBuilder failed(String why) {
        error = why;
        return this;
    }

    Results.WindowRow build() {
        String server = this.server != null ? this.server : CellPlan.ownServer(variant).orElse("tomcat");
        if (error != null) {
            return new Results.WindowRow("test", scenario, variant, backend, "get-circle", clients, latencyMs, repeat, "", "failed",
                    "", null, null, null, null, null, null, null, null, "", null, null, null, null, null, "2g", null, null,
                    null, null, config, "", null, null, null, "failed", error, null, null, null, server, null);
        }
        double served = successes == null ? reqPerSecond : successes;
        return new Results.WindowRow("test", scenario, variant, backend, "get-circle", clients, latencyMs, repeat, window,
                Results.kind(window),
                "wrk", null, reqPerSecond, latencyMs * 1.1, p99Ms, p99Ms * 1.5, p99Ms * 2, Math.round(reqPerSecond * 10), errors,
                errors > 0 ? "503=" + errors : "", appMicros, dbMicros, 20.0, 0.04, 300.0, "2g", 600.0, 650.0, null,
                proxyMicros, config, settings, 100, served, served > 0 ? appMicros * reqPerSecond / served : null, "ok", "", liveHeapMib,
                inFlight, null, server, null);
    }
}
