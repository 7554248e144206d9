package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.OutageKinds;
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
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Runs the r2dbc stores' calls, each on a connection of its own from the pool, to the store-call promises of every
 * database backend ({@code dev.shapeslab.persistence}), with the shared breaker and recording ({@link ReactorCalls})
 * and classification ({@link Outages}). What is this driver's:
 * <ul>
 * <li>The bound is Reactor's timeout, on the wait for a connection and then on what is left of it. Past it, or when
 * the caller cancels (a response answered otherwise, a client gone), the query is cancelled on the server
 * (PostgreSQL's cancel request, sent on a connection of its own) and the connection closed and refused by the pool
 * ({@link #abort}).</li>
 * <li>A write is one statement in the database's auto-commit ({@link #statement}), which PostgreSQL commits before it
 * answers: committing from its subscription. A write of several statements would be a transaction ({@link #write}),
 * committing from its COMMIT, sent once its statements have answered; one that fails or is cancelled before closes
 * its connection without a commit, so the database rolls it back.</li>
 * <li>A connection the database broke fails its socket check and is dropped as it comes back.</li>
 * </ul>
 */
@Component
@ConditionalOnDeployment(store = Store.R2DBC)
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

    /** One statement in the database's auto-commit; {@code work} signals its result. */
    <R> Mono<R> read(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, entity, operation, call(Mode.READ, work));
    }

    /**
     * One write statement in the database's auto-commit: one round trip, committed when answered, and from its
     * subscription an unknown outcome if its answer is lost. One sent again after a conflict stays within the call.
     */
    <R> Mono<R> statement(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, entity, operation, call(Mode.STATEMENT, work));
    }

    /** One transaction around {@code work}: committed when {@code work} completes, with or without a value. */
    <R> Mono<R> write(String entity, String operation, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, entity, operation, call(Mode.TRANSACTION, work));
    }

    /** How a call's statements are committed: see {@link #read}, {@link #statement}, {@link #write}. */
    private enum Mode { READ, STATEMENT, TRANSACTION }

    private <R> Mono<R> call(Mode mode, Function<Connection, Mono<R>> work) {
        return Mono.defer(() -> {
            Call call = new Call(System.nanoTime() + bound.toNanos());
            Mono<Connection> acquired = Mono.from(pool.create()).timeout(bound)
                    .onErrorMap(TimeoutException.class, waited -> new OutageKinds.NoConnectionInTime(bound));
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

        private final long deadline;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile boolean committing;

        Call(long deadline) {
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
            return Mono.defer(() -> body.timeout(remaining()));
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
            Duration left = remaining();
            return Mono.from(connection.rollbackTransaction())
                    .timeout(left.isZero() ? Duration.ofMillis(1) : left)
                    .then(Mono.defer(() -> Mono.from(connection.close())))
                    .onErrorResume(rollbackFailed -> abort(connection));
        }

        private Duration remaining() {
            return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
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
