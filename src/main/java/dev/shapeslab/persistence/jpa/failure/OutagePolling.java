package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.persistence.OutageKinds;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Opens a physical connection while the database is unreachable: the first attempt fails at once (its failure tells
 * {@link StoreOutages} an outage from a busy pool), the next wait here, trying every {@code outage-poll}, since
 * HikariCP's adder sleeps up to 5 s between attempts (docs/faults.md, "It heals by itself").
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
