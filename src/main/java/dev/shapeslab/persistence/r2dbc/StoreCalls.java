package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.OutageKinds;
import dev.shapeslab.persistence.StoreCall;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Runs the r2dbc stores' calls over the shared {@link StoreCall}: the deadline on Reactor's timer; past it, or on
 * cancel, the query is cancelled and the connection closed ({@link #abort}). One statement at a time per connection.
 */
@Component
@ConditionalOnDeployment(store = Store.R2DBC)
class StoreCalls implements StoreCall.Driver<Connection> {

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

    /** One statement in the database's auto-commit; {@code work} signals its result ({@link StoreCall.Mode#READ}). */
    <R> Mono<R> read(String entity, String operation, Function<Connection, Mono<R>> work) {
        return call(entity, operation, StoreCall.Mode.READ, work);
    }

    /** One write statement in the database's auto-commit ({@link StoreCall.Mode#STATEMENT}); one sent again stays within the call. */
    <R> Mono<R> statement(String entity, String operation, Function<Connection, Mono<R>> work) {
        return call(entity, operation, StoreCall.Mode.STATEMENT, work);
    }

    /** One transaction around {@code work}, committed when it completes, with or without a value ({@link StoreCall.Mode#TRANSACTION}). */
    <R> Mono<R> write(String entity, String operation, Function<Connection, Mono<R>> work) {
        return call(entity, operation, StoreCall.Mode.TRANSACTION, work);
    }

    private <R> Mono<R> call(String entity, String operation, StoreCall.Mode mode, Function<Connection, Mono<R>> work) {
        return ReactorCalls.guarded(breaker, entity, operation, Mono.fromCompletionStage(
                () -> StoreCall.start(this, bound, mode, connection -> work.apply(connection).toFuture())));
    }

    @Override
    public CompletionStage<Connection> acquire(Duration within) {
        return Mono.from(pool.create()).timeout(within)
                .onErrorMap(TimeoutException.class, waited -> new OutageKinds.NoConnectionInTime(within)).toFuture();
    }

    @Override
    public <R> CompletionStage<R> transaction(Connection connection, Supplier<CompletionStage<R>> statements) {
        return Mono.from(connection.beginTransaction()).toFuture().thenCompose(began -> statements.get());
    }

    @Override
    public CompletionStage<Void> commit(Connection connection) {
        return Mono.from(connection.commitTransaction()).toFuture();
    }

    @Override
    public CompletionStage<Void> rollback(Connection connection) {
        return connection.isAutoCommit() ? Mono.<Void>empty().toFuture() : Mono.from(connection.rollbackTransaction()).toFuture();
    }

    @Override
    public CompletionStage<Void> release(Connection connection) {
        return Mono.from(connection.close()).toFuture();
    }

    @Override
    public Runnable schedule(Duration delay, Runnable task) {
        return Schedulers.parallel().schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS)::dispose;
    }

    @Override
    public Throwable translate(Throwable failure, boolean committing) {
        return Outages.translate(failure, committing);
    }

    /** The pool's last step before it takes a connection back: one aborted at a deadline is refused, and dropped. */
    static Mono<Void> refuseAborted(Connection physical) {
        return ABORTED.remove(physical) ? Mono.error(new IllegalStateException("aborted at its deadline")) : Mono.empty();
    }

    /** Cancels the query and closes the connection, which the pool drops; neither waits for a hung server. */
    @Override
    public CompletionStage<Void> abort(Connection pooled) {
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
                .doFinally(signal -> ABORTED.remove(physical))
                .toFuture();
    }
}
