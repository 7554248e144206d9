package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.persistence.OutageKinds;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * How a physical connection is opened while the database is unreachable: the first attempt of an outage
 * fails at once, the next ones wait for the database here, trying every {@code poll}
 * ({@code shapes.database.outage-poll}), instead of failing.
 *
 * <p>Why: the only caller is HikariCP's connection adder, and after a failed attempt it sleeps before the
 * next, doubling the sleep from 10 ms up to 5 s (hard-coded in HikariCP 7's {@code PoolEntryCreator}). A
 * database back just after an attempt waited for the next one, up to the cap (the drill's recovery times:
 * docs/results.md, "Faults"). Polling inside the attempt keeps the adder from
 * sleeping at all while the outage lasts, so the pool opens a connection within {@code poll} of the
 * database's return. The first attempt still fails: that failure is what Hikari gives as the cause of a
 * timed-out wait for a connection, by which {@link StoreOutages} tells an outage from a busy pool.
 *
 * <p>Only failures that say the database cannot be reached are waited out (refused, broken, no answer,
 * starting up); any other (a wrong password, say) fails at once. An attempt gives up once the pool is
 * closed, or after {@code longest} ({@code shapes.database.outage-poll-limit}) in any case, so that no thread
 * keeps polling for a pool that is gone.
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
