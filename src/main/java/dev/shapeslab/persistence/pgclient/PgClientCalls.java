package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCall;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.impl.SocketConnectionBase;
import io.vertx.sqlclient.internal.SqlConnectionInternal;
import java.time.Duration;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Runs the Vert.x client stores' calls over the shared {@link StoreCall}: the deadline on a Vert.x timer, the call's
 * connection cut off ({@link #abort}) past it. Each call leases a connection of its own, so that a deadline cuts off
 * one call alone (the pipelined pool offers no lease: docs/context.md); everything of a call runs on its event loop.
 */
@Component
@ConditionalOnDeployment(store = Store.PG_CLIENT)
class PgClientCalls {

    private static final Logger log = LoggerFactory.getLogger(PgClientCalls.class);

    private final Vertx vertx;
    private final Pool pool;
    private final Duration bound;
    private final OutageBreaker breaker;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger holding = new AtomicInteger();
    private final Connections connections = new Connections();

    PgClientCalls(Vertx vertx, Pool pool, DatabaseTimeBounds bounds) {
        this.vertx = vertx;
        this.pool = pool;
        this.bound = bounds.requestTimeout();
        this.breaker = OutageBreaker.of(bounds);
        log.info("Database time bounds ({}.*): {}", DatabaseTimeBounds.PREFIX, bounds.describeR2dbc());
    }

    /** One statement, or several sent together, in the database's auto-commit ({@link StoreCall.Mode#READ}). */
    <R> Future<R> read(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return call(entity, operation, StoreCall.Mode.READ, work);
    }

    /** One write statement in the database's auto-commit ({@link StoreCall.Mode#STATEMENT}); one sent again stays within the call. */
    <R> Future<R> statement(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return call(entity, operation, StoreCall.Mode.STATEMENT, work);
    }

    /** One transaction around {@code work}, committed once its Future has succeeded ({@link StoreCall.Mode#TRANSACTION}). */
    <R> Future<R> write(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return call(entity, operation, StoreCall.Mode.TRANSACTION, work);
    }

    /** Store calls waiting for a connection now. */
    int waiting() {
        return waiting.get();
    }

    /** Store calls holding a connection now. */
    int holding() {
        return holding.get();
    }

    private <R> Future<R> call(String entity, String operation, StoreCall.Mode mode, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, entity, operation, () -> {
            Promise<R> answer = Promise.promise();
            Runnable start = () -> Future.fromCompletionStage(StoreCall.start(connections, bound, mode,
                    connection -> work.apply(connection).toCompletionStage())).onComplete(answer);
            Context context = vertx.getOrCreateContext();
            if (Vertx.currentContext() == context) {
                start.run();
            } else {
                context.runOnContext(started -> start.run());
            }
            return answer.future();
        });
    }

    /** This driver's part of a call ({@link StoreCall}); everything of it on the call's event loop. */
    private final class Connections implements StoreCall.Driver<SqlConnection> {

        /** The pool leases connections on the asking event loop; the wait is bounded by the call's own timer. */
        @Override
        public CompletionStage<SqlConnection> acquire(Duration within) {
            waiting.incrementAndGet();
            return pool.getConnection().andThen(acquired -> waiting.decrementAndGet()).compose(connection -> {
                if (aborted(connection)) {
                    // Cut off at another call's deadline, its socket closing: a statement written to it now might still go
                    // out, or not. Refused before anything is sent; the pool drops it as the socket closes.
                    connection.close();
                    return Future.failedFuture(new AbortedConnection());
                }
                holding.incrementAndGet();
                return Future.succeededFuture(connection);
            }).toCompletionStage();
        }

        /** The BEGIN and the statements are written at once: the statements do not wait for the BEGIN's answer. */
        @Override
        public <R> CompletionStage<R> transaction(SqlConnection connection, Supplier<CompletionStage<R>> statements) {
            Future<Transaction> began = connection.begin();
            CompletionStage<R> sent = statements.get();
            return began.toCompletionStage().thenCompose(tx -> sent);
        }

        @Override
        public CompletionStage<Void> commit(SqlConnection connection) {
            return connection.transaction().commit().toCompletionStage();
        }

        @Override
        public CompletionStage<Void> rollback(SqlConnection connection) {
            Transaction open = connection.transaction();
            return open == null ? Future.<Void>succeededFuture().toCompletionStage() : open.rollback().toCompletionStage();
        }

        @Override
        public CompletionStage<Void> release(SqlConnection connection) {
            holding.decrementAndGet();
            connection.close();
            return Future.<Void>succeededFuture().toCompletionStage();
        }

        @Override
        public CompletionStage<Void> abort(SqlConnection connection) {
            PgClientCalls.abort(connection);
            return release(connection);
        }

        @Override
        public Runnable schedule(Duration delay, Runnable task) {
            long timer = vertx.setTimer(Math.max(1, delay.toMillis()), fired -> task.run());
            return () -> vertx.cancelTimer(timer);
        }

        @Override
        public Throwable translate(Throwable failure, boolean committing) {
            return PgClientOutages.translate(failure, committing);
        }
    }

    /**
     * Cuts a connection off: its query cancelled and its socket closed. <b>The one use of the client's internals</b>: a
     * hung server answers no cancel, and {@code close()} only gives it back ({@code PgClientAbortsTests}).
     */
    static void abort(SqlConnection connection) {
        PgConnection.cast(connection).cancelRequest()
                .onFailure(failed -> log.debug("Cancel request not delivered: {}", failed.toString()));
        if (physical(connection) instanceof SocketConnectionBase physical) {
            ABORTED.add(physical);
            physical.socket().close();
        }
    }

    /**
     * Connections cut off whose socket may still be closing (the pool drops a connection once it sees it closed, and may
     * lease it again before): refused by the call that gets one. Weak: one dropped before anyone got it leaves no trace.
     */
    private static final Set<Object> ABORTED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** Whether {@code connection} was cut off at a call's deadline ({@link #abort}), its socket maybe still closing. */
    static boolean aborted(SqlConnection connection) {
        return ABORTED.contains(physical(connection));
    }

    private static Object physical(SqlConnection connection) {
        return ((SqlConnectionInternal) connection).unwrap().unwrap();
    }

    /** The connection a call got had been aborted at another call's deadline: nothing of this call was sent. */
    static final class AbortedConnection extends RuntimeException {
        AbortedConnection() {
            super("the pooled connection was aborted at another store call's deadline", null, false, false);
        }
    }
}
