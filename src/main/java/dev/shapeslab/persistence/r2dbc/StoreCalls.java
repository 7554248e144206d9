package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.CallDeadline;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallEvent;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Runs the r2dbc stores' calls, each on a connection of its own from the pool, to the promises of the JDBC backends:
 * <ul>
 * <li><b>One bound on the whole call</b> ({@code shapes.database.request-timeout}): the wait for a connection, the
 * statements, the commit. Past it the call fails as "did not answer in time" (a 503), its query is cancelled on the
 * server (PostgreSQL's cancel request, sent on a connection of its own) and its connection is closed and dropped from
 * the pool, so that nothing of the call keeps running or holds a slot, whatever the database does.</li>
 * <li><b>A 503 never commits</b>: a write is one statement in the database's auto-commit ({@link #statement}), which
 * PostgreSQL commits before it answers, so an answer means committed, in one round trip; a call that fails before
 * the statement is sent (no connection in time, the breaker open) wrote nothing. Once it is sent, a deadline or a
 * broken connection is a {@link StoreOutcomeUnknownException} (a 500 that says so), never a refusal: the statement
 * may have committed. A write of several statements would be a transaction ({@link #write}), its COMMIT sent only once
 * its statements have answered; one that fails or is cancelled before that closes its connection without a commit,
 * so the database rolls it back, and only a deadline or a broken connection during the COMMIT is an unknown
 * outcome.</li>
 * <li><b>Outages</b> are {@link StoreUnavailableException}s ({@link Outages}); once one found the database
 * unreachable, the calls of the next {@code shapes.database.fail-fast} fail at once (503) instead of each waiting for
 * its bound: the JDBC backends' {@link OutageBreaker}, Resilience4j's circuit breaker, around the whole call. After
 * the window every call tries the database again, and the first to end closes the breaker or opens another
 * window.</li>
 * <li><b>It heals by itself</b>: a connection the database broke fails its socket check and is dropped as it comes
 * back; the pool opens new ones on demand.</li>
 * </ul>
 * Cancellation by the caller (a response answered otherwise, a client gone) ends the call as a deadline does.
 */
@Component
@Profile(Backends.R2DBC)
class StoreCalls {

    private static final Logger log = LoggerFactory.getLogger(StoreCalls.class);

    /** How long a cancel request or a close may take before the call gives up on it (it is sent, not awaited). */
    private static final Duration ABORT_BOUND = Duration.ofSeconds(1);

    /** Connections aborted at a deadline, refused by the pool when they come back ({@link #refuseAborted}). */
    private static final Set<Connection> ABORTED = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

    private final ConnectionPool pool;
    private final Duration bound;
    private final OutageBreaker breaker;

    StoreCalls(ConnectionPool pool, DatabaseTimeBounds bounds) {
        this.pool = pool;
        this.bound = bounds.requestTimeout();
        this.breaker = OutageBreaker.of(bounds);
        log.info("Database time bounds ({}.*): {}", DatabaseTimeBounds.PREFIX, bounds.describeR2dbc());
    }

    /**
     * One statement in the database's auto-commit; {@code work} signals its result. {@code entity} and
     * {@code operation} name the call in its {@link StoreCallEvent}.
     */
    <R> Mono<R> read(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, ReactorCalls.recorded(entity, operation, call(Mode.READ, work)));
    }

    /**
     * One write statement in the database's auto-commit, no BEGIN nor COMMIT: one round trip, committed when answered.
     * From the moment {@code work} is subscribed (the statement is sent), a lost answer is an unknown outcome. A
     * statement sent again after a conflict ({@code Drawings.REPLACE}) stays within the call.
     */
    <R> Mono<R> statement(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, ReactorCalls.recorded(entity, operation, call(Mode.STATEMENT, work)));
    }

    /** One transaction around {@code work}: committed when {@code work} completes, with or without a value. */
    <R> Mono<R> write(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, ReactorCalls.recorded(entity, operation, call(Mode.TRANSACTION, work)));
    }

    /** How a call's statements are committed. */
    private enum Mode {
        /** A read: one statement in the database's auto-commit, which writes nothing. */
        READ,
        /** A write: one statement in the database's auto-commit, committed before it answers. */
        STATEMENT,
        /** A write of several statements: a transaction, committed once they have answered. */
        TRANSACTION
    }

    private <R> Mono<R> call(Mode mode, Function<Connection, Mono<R>> work) {
        return Mono.defer(() -> {
            Call call = new Call(new CallDeadline(bound));
            Mono<Connection> acquired = Mono.from(pool.create()).timeout(bound)
                    .onErrorMap(TimeoutException.class, waited -> new CallDeadline.NoConnectionInTime(bound));
            return Mono.usingWhen(acquired,
                            connection -> call.run(connection, mode, work),
                            call::release, call::releaseAfter, call::abandon)
                    .onErrorMap(failure -> Outages.translate(failure, call.committing()));
        });
    }

    /** The pool's last step before it takes a connection back: one aborted at a deadline is refused, and dropped. */
    static Mono<Void> refuseAborted(Connection physical) {
        return ABORTED.remove(physical) ? Mono.error(new IllegalStateException("aborted at its deadline")) : Mono.empty();
    }

    /** One store call on its connection: what it has sent, and the one way it ends. */
    private final class Call {

        private final CallDeadline deadline;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile boolean committing;

        Call(CallDeadline deadline) {
            this.deadline = deadline;
        }

        <R> Mono<R> run(Connection connection, Mode mode, Function<Connection, Mono<R>> work) {
            Mono<R> statements = Mono.defer(() -> work.apply(connection));
            Mono<R> body = mode == Mode.READ ? statements
                    : mode == Mode.STATEMENT ? Mono.defer(() -> {
                        committing = true; // from here the statement may be sent, and then commit before it answers
                        return statements;
                    })
                    : Mono.from(connection.beginTransaction())
                    .then(statements.map(Optional::of).defaultIfEmpty(Optional.empty()))
                    .flatMap(result -> Mono.from(connection.commitTransaction())
                            .doOnSubscribe(sent -> committing = true)
                            .then(Mono.justOrEmpty(result)));
            return Mono.defer(() -> body.timeout(deadline.remaining()));
        }

        boolean committing() {
            return committing;
        }

        /** Done: committed, or a read answered. Gives the connection back without a round trip. */
        Mono<Void> release(Connection connection) {
            return ended.compareAndSet(false, true) ? Mono.from(connection.close()) : Mono.empty();
        }

        /**
         * Failed. A database error leaves the connection usable: the transaction, if any, is rolled back within what
         * is left of the bound. Past the deadline, or when the rollback cannot finish in time, the connection is
         * aborted.
         */
        Mono<Void> releaseAfter(Connection connection, Throwable failure) {
            if (!ended.compareAndSet(false, true)) {
                return Mono.empty();
            }
            if (failure instanceof TimeoutException) {
                return abort(connection);
            }
            if (connection.isAutoCommit()) {
                return Mono.from(connection.close());
            }
            Duration left = deadline.remaining();
            return Mono.from(connection.rollbackTransaction())
                    .timeout(left.isZero() ? Duration.ofMillis(1) : left)
                    .then(Mono.defer(() -> Mono.from(connection.close())))
                    .onErrorResume(rollbackFailed -> abort(connection));
        }

        /** Cancelled by the caller: nothing more of it may run on the database. */
        Mono<Void> abandon(Connection connection) {
            return ended.compareAndSet(false, true) ? abort(connection) : Mono.empty();
        }
    }

    /**
     * Cancels what the connection is doing on the server and closes it, then gives it back to the pool, which drops
     * it: a connection whose conversation was cut off mid-way can never serve another call. Neither the cancel nor
     * the close waits for an answer that a hung server would never send.
     */
    static Mono<Void> abort(Connection pooled) {
        Connection physical = pooled instanceof Wrapped<?> wrapped && wrapped.unwrap() instanceof Connection inner
                ? inner : pooled;
        ABORTED.add(physical);
        if (physical instanceof PostgresqlConnection postgres) {
            postgres.cancelRequest().timeout(ABORT_BOUND)
                    .subscribe(null, failed -> log.debug("Cancel request not delivered: {}", failed.toString()));
        }
        return Mono.from(physical.close()).timeout(ABORT_BOUND)
                .onErrorResume(failed -> {
                    log.warn("Could not close a database connection past its deadline: {}", failed.toString());
                    return Mono.empty();
                })
                .then(Mono.defer(() -> Mono.from(pooled.close())))
                .onErrorResume(failed -> Mono.empty())
                // Dropped by now, whether its socket check or refuseAborted told the pool so.
                .doFinally(signal -> ABORTED.remove(physical));
    }
}
