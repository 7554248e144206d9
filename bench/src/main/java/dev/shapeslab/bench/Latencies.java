package dev.shapeslab.bench;

import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Every latency percentile the harness computes comes from an HdrHistogram of microseconds: its own
 * generators ({@link OpenLoad}), the drills and the lone client ({@link FaultFigures}). Three significant
 * digits: a percentile is within 0.1 % of the recorded value it stands for, up to an hour.
 */
final class Latencies {

    static final long HIGHEST_MICROS = 3_600_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;

    private Latencies() {
    }

    static Histogram histogram() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    /** A histogram of {@code values}, each in microseconds (clamped to the histogram's range). */
    static <T> Histogram of(Iterable<T> values, ToLongFunction<T> micros) {
        Histogram h = histogram();
        for (T v : values) {
            record(h, micros.applyAsLong(v));
        }
        return h;
    }

    static void record(Histogram h, long micros) {
        h.recordValue(Math.max(0, Math.min(HIGHEST_MICROS, micros)));
    }

    /**
     * The latency at quantile {@code q} (0..1) in microseconds, by nearest rank as HdrHistogram counts it
     * ({@code q = 1} is the largest value); NaN for an empty histogram.
     */
    static double micros(Histogram h, double q) {
        if (h.getTotalCount() == 0) {
            return Double.NaN;
        }
        return q >= 1 ? h.getMaxValue() : h.getValueAtPercentile(q * 100);
    }
}
