package dev.shapeslab.bench;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * One more client beside an overload's thousands, there to tell the server's answer time from the load
 * generator's own queueing: a platform thread of its own that, every {@code intervalMillis}, opens a new
 * connection, sends {@code GET /circles/0} and records how long the answer took, from connecting to the
 * last byte. A GET writes nothing, so the drill's read-back is untouched; admitted, it waits the stub's
 * latency and is answered 404; turned away, 503.
 *
 * <p>Why it is needed: the load's clients are thousands of connections of one generator on the same 2 cores
 * as the app, and a closed loop: each sends again as soon as it has an answer, so their mean latency is
 * their number divided by the answers per second (Little's law), however fast the server turns one away,
 * and includes their wait in the generator. The probe's thread only waits for the OS scheduler. The probe
 * is paced by the clock and never catches up: a slot it missed while waiting for an answer is skipped
 * (and counted), so it measures a client that comes at an arbitrary moment, not a backlog.
 */
final class LatencyProbe {

    static final String PATH = "/circles/0";

    /** The probe's time: the system's, or a test's that moves only when told. */
    interface Ticker {

        Ticker SYSTEM = new Ticker() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleepNanos(long nanos) throws InterruptedException {
                Thread.sleep(nanos / 1_000_000L);
            }
        };

        long nanoTime();

        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final URI base;
    private final Ticker ticker;
    private final long intervalMillis;
    private final int timeoutMillis;
    private final long originNanos;
    private final List<DrillRecord> records = new ArrayList<>();
    private volatile boolean stopping;
    private long skipped;
    private Thread thread;

    /** {@code originNanos}: the drill's clock ({@link System#nanoTime} at its start), as for {@link DrillLoad}. */
    LatencyProbe(URI base, long originNanos, long intervalMillis, int timeoutMillis) {
        this(base, Ticker.SYSTEM, originNanos, intervalMillis, timeoutMillis);
    }

    LatencyProbe(URI base, Ticker ticker, long originNanos, long intervalMillis, int timeoutMillis) {
        this.base = base;
        this.ticker = ticker;
        this.originNanos = originNanos;
        this.intervalMillis = intervalMillis;
        this.timeoutMillis = timeoutMillis;
    }

    LatencyProbe start() {
        thread = new Thread(this::run, "latency-probe");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /** Stops probing, waits for the probe in flight (bounded by the timeout) and returns every probe. */
    List<DrillRecord> stop() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join(timeoutMillis + 1_000L);
        synchronized (records) {
            return List.copyOf(records);
        }
    }

    /** Slots missed because the probe before them had not been answered yet. */
    long skipped() {
        synchronized (records) {
            return skipped;
        }
    }

    private void run() {
        long intervalNanos = intervalMillis * 1_000_000L;
        long due = ticker.nanoTime();
        for (long n = 0; !stopping; n++) {
            DrillRecord probe = probe(n);
            long now = ticker.nanoTime();
            long missed = Math.max(0, (now - due) / intervalNanos);
            due += (missed + 1) * intervalNanos;
            synchronized (records) {
                records.add(probe);
                skipped += missed;
            }
            try {
                ticker.sleepNanos(Math.max(0, due - ticker.nanoTime()));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private DrillRecord probe(long n) {
        long start = now();
        String status;
        try (HttpConnection connection = new HttpConnection(base, timeoutMillis)) {
            status = Integer.toString(connection.send("GET", PATH, null).status());
        } catch (SocketTimeoutException e) {
            status = DrillRecord.TIMEOUT;
        } catch (IOException | RuntimeException e) {
            status = DrillRecord.ERROR;
        }
        return new DrillRecord(n, start, now(), status, -1);
    }

    private long now() {
        return (ticker.nanoTime() - originNanos) / 1_000;
    }
}
