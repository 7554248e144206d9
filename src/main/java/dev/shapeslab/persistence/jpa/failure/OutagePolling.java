package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.persistence.OutageKinds;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * How a physical connection is opened while the database is unreachable: the first attempt of an outage fails at
 * once, the next ones wait for the database here, trying every {@code shapes.database.outage-poll}.
 *
 * <p>Why: HikariCP's connection adder, the only caller, sleeps after a failed attempt, doubling up to 5 s, so the pool
 * found a returned database up to 5 s late (docs/faults.md, "It heals by itself"). The first attempt still fails: its
 * failure is the cause of a timed-out wait for a connection, by which {@link StoreOutages} tells an outage from a busy
 * pool. Only failures that say the database cannot be reached are waited out; an attempt gives up once the pool is
 * closed, or after {@code outage-poll-limit}.
 */
final class OutagePolling {

    /** Opens one physical connection. */
    interface Open {
        Connection open() throws SQLException;
    }

    private final long pollMillis;
    private final long longestNanos;
    private final BooleanSupplier poolOpen;
    private final AtomicBoolean unreachable = new AtomicBoolean();

    OutagePolling(Duration poll, Duration longest, BooleanSupplier poolOpen) {
        this.pollMillis = Math.max(1, poll.toMillis());
        this.longestNanos = longest.toNanos();
        this.poolOpen = poolOpen;
    }

    Connection open(Open open) throws SQLException {
        if (!unreachable.get()) {
            return attempt(open);
        }
        long giveUp = System.nanoTime() + longestNanos;
        while (true) {
            try {
                return attempt(open);
            } catch (SQLException | RuntimeException failure) {
                if (!unreachable.get() || !poolOpen.getAsBoolean() || System.nanoTime() - giveUp >= 0) {
                    throw failure;
                }
                try {
                    Thread.sleep(pollMillis);
                } catch (InterruptedException shutdown) {
                    Thread.currentThread().interrupt();
                    throw failure;
                }
            }
        }
    }

    private Connection attempt(Open open) throws SQLException {
        try {
            Connection connection = open.open();
            unreachable.set(false);
            return connection;
        } catch (SQLException | RuntimeException failure) {
            unreachable.set(StoreOutages.kindOf(failure).filter(OutageKinds.UNREACHABLE::contains).isPresent());
            throw failure;
        }
    }
}
