package dev.shapeslab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The request mixes the harness measures, defined once and sent by every generator: wrk gets them as a
 * generated Lua script ({@link #luaScript}), the open-model generator ({@link OpenLoad}) sends the same
 * list. Each generator cycles through the list; bodies vary (a fixed pseudo-random set, so that runs are
 * comparable) and ids come from the entities the harness created before the load ({@link Seed}).
 */
enum Workload {

    GET_CIRCLE("get-circle", "GET /circles/{id} of pre-created circles"),
    POST_CIRCLE("post-circle", "POST /circles"),
    GET_DRAWINGS("get-drawings", "GET /drawings: a page of 100 drawings with 3 shapes each"),
    POST_DRAWING("post-drawing", "POST /drawings with 3 shapes"),
    MIXED("mixed", "the article series' workload: create circle, rectangle, drawing (3 shapes); "
            + "list circles, rectangles, drawings (a page of 100 each); round-robin on a growing database");

    /*
     * The app's HTTP API, as the harness uses it: its three resource paths (the app's ResourcePaths). The harness
     * is a module of its own and talks to the app only over HTTP, so this is the contract it depends on.
     */
    static final String CIRCLES = "/circles";
    static final String RECTANGLES = "/rectangles";
    static final String DRAWINGS = "/drawings";

    /** Distinct bodies per entity type: enough variety that no row repeats often, small enough to pre-build. */
    private static final int BODIES = 64;

    final String id;
    final String description;

    Workload(String id, String description) {
        this.id = id;
        this.description = description;
    }

    static Workload byId(String id) {
        for (Workload w : values()) {
            if (w.id.equals(id)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + id + "' (" + ids() + ")");
    }

    static String ids() {
        List<String> ids = new ArrayList<>();
        for (Workload w : values()) {
            ids.add(w.id);
        }
        return String.join(", ", ids);
    }

    /** What must exist before the load, so that reads find data: circles to GET, a full page of drawings. */
    Seed seedPlan() {
        return switch (this) {
            case GET_CIRCLE -> new Seed(320, 0, 0);
            case GET_DRAWINGS -> new Seed(0, 0, 100);
            case MIXED -> new Seed(300, 300, 300);
            case POST_CIRCLE, POST_DRAWING -> new Seed(0, 0, 0);
        };
    }

    /** The requests one generator cycles through, given the ids of the seeded circles. */
    List<Request> requests(List<Long> circleIds) {
        Random random = new Random(42);
        List<Request> requests = new ArrayList<>();
        switch (this) {
            case GET_CIRCLE -> {
                if (circleIds.isEmpty()) {
                    throw new IllegalStateException("get-circle needs seeded circles");
                }
                for (long id : circleIds) {
                    requests.add(Request.get(CIRCLES + "/" + id));
                }
            }
            case POST_CIRCLE -> {
                for (int i = 0; i < BODIES; i++) {
                    requests.add(Request.post(CIRCLES, circle(random)));
                }
            }
            case GET_DRAWINGS -> requests.add(Request.get(DRAWINGS));
            case POST_DRAWING -> {
                for (int i = 0; i < BODIES; i++) {
                    requests.add(Request.post(DRAWINGS, drawing(random)));
                }
            }
            case MIXED -> {
                for (int i = 0; i < BODIES; i++) {
                    requests.add(Request.post(CIRCLES, circle(random)));
                    requests.add(Request.post(RECTANGLES, rectangle(random)));
                    requests.add(Request.post(DRAWINGS, drawing(random)));
                    requests.add(Request.get(CIRCLES));
                    requests.add(Request.get(RECTANGLES));
                    requests.add(Request.get(DRAWINGS));
                }
            }
        }
        return requests;
    }

    /**
     * wrk's figures as one JSON line ({@link GeneratorOutput#WRK_JSON_PREFIX}), printed once after the run
     * from its aggregated summary and latency histogram (µs), so that the harness reads no text report.
     * %.0f rather than %d: Lua numbers are doubles, and an empty histogram's minimum is 2^64 - 1.
     */
    static final String DONE = """

            function done(summary, latency, requests)
              local e = summary.errors
              io.write(string.format('%s{"requests":%.0f,"duration_us":%.0f,"bytes":%.0f,'
                .. '"errors":{"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f},'
                .. '"latency_us":{"p50":%.0f,"p75":%.0f,"p90":%.0f,"p99":%.0f,"p99.9":%.0f,"p99.99":%.0f,'
                .. '"max":%.0f,"mean":%.1f,"stdev":%.1f}}\\n',
                "WRK_JSON_PREFIX", summary.requests, summary.duration, summary.bytes,
                e.connect, e.read, e.write, e.status, e.timeout,
                latency:percentile(50), latency:percentile(75), latency:percentile(90), latency:percentile(99),
                latency:percentile(99.9), latency:percentile(99.99), latency.max, latency.mean, latency.stdev))
            end
            """.replace("WRK_JSON_PREFIX", GeneratorOutput.WRK_JSON_PREFIX);

    /**
     * Clients that honour {@code Retry-After}: after each 503 that carries one, a request of the same wrk thread
     * waits that long before it is sent. wrk tells its Lua hooks nothing of the connection, so the wait may fall on
     * another of the thread's connections than the one answered 503; the crowd waits as long in all as clients that
     * each waited their own. Only when asked for: a {@code response} hook makes wrk hand every answer's headers
     * to Lua.
     */
    static final String HONOUR_RETRY_AFTER = """

            local owed_ms = {}

            function response(status, headers, body)
              local after = status == 503 and tonumber(headers["Retry-After"])
              if after then owed_ms[#owed_ms + 1] = after * 1000 end
            end

            function delay()
              return table.remove(owed_ms) or 0
            end
            """;

    static String luaScript(String description, List<Request> requests) {
        return luaScript(description, requests, false);
    }

    /**
     * A wrk script that sends {@code requests} in turn. Each wrk thread has its own Lua state and runs
     * {@code init}; the requests are formatted once there, so a request costs wrk a table lookup.
     */
    static String luaScript(String description, List<Request> requests, boolean honourRetryAfter) {
        StringBuilder lua = new StringBuilder();
        lua.append("-- generated by bench (dev.shapeslab.bench.Workload): ").append(description).append('\n');
        lua.append("local requests = {}\nlocal next_index = 0\n\n");
        lua.append("function init(args)\n");
        for (Request r : requests) {
            lua.append("  requests[#requests + 1] = wrk.format(\"").append(r.method()).append("\", \"")
                    .append(r.path()).append('"');
            if (r.body() != null) {
                lua.append(", {[\"Content-Type\"] = \"application/json\"}, [==[").append(r.body()).append("]==]");
            }
            lua.append(")\n");
        }
        lua.append("end\n\n");
        lua.append("function request()\n");
        lua.append("  next_index = next_index % #requests + 1\n");
        lua.append("  return requests[next_index]\n");
        lua.append("end\n");
        if (honourRetryAfter) {
            lua.append(HONOUR_RETRY_AFTER);
        }
        lua.append(DONE);
        return lua.toString();
    }

    private static String circle(Random random) {
        return String.format(Locale.ROOT, "{\"colour\":\"%s\",\"position\":%s,\"radius\":%d}",
                colour(random), position(random), 1 + random.nextInt(100));
    }

    private static String rectangle(Random random) {
        return String.format(Locale.ROOT, "{\"colour\":\"%s\",\"position\":%s,\"width\":%d,\"height\":%d}",
                colour(random), position(random), 1 + random.nextInt(100), 1 + random.nextInt(100));
    }

    private static String drawing(Random random) {
        return String.format(Locale.ROOT, "{\"name\":\"drawing-%d\",\"shapes\":["
                        + "{\"shapeType\":\"circle\",\"colour\":\"%s\",\"position\":%s,\"radius\":%d},"
                        + "{\"shapeType\":\"rectangle\",\"colour\":\"%s\",\"position\":%s,\"width\":%d,\"height\":%d},"
                        + "{\"shapeType\":\"circle\",\"colour\":\"%s\",\"position\":%s,\"radius\":%d}]}",
                random.nextInt(100_000),
                colour(random), position(random), 1 + random.nextInt(100),
                colour(random), position(random), 1 + random.nextInt(100), 1 + random.nextInt(100),
                colour(random), position(random), 1 + random.nextInt(100));
    }

    private static String colour(Random random) {
        String[] palette = {"red", "green", "blue", "yellow", "cyan", "magenta", "black", "white"};
        return palette[random.nextInt(palette.length)] + "-" + random.nextInt(100_000);
    }

    private static String position(Random random) {
        return String.format(Locale.ROOT, "{\"x\":%.2f,\"y\":%.2f}",
                random.nextInt(-100_000, 100_001) / 100.0, random.nextInt(-100_000, 100_001) / 100.0);
    }

    /** One request of a workload; {@code body} is null for a GET. */
    record Request(String method, String path, String body) {

        static Request get(String path) {
            return new Request("GET", path, null);
        }

        static Request post(String path, String body) {
            return new Request("POST", path, body);
        }
    }

    /** How many entities of each type to create before the load. */
    record Seed(int circles, int rectangles, int drawings) {
    }
}
