package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.Backends;
import dev.shapeslab.persistence.CallDeadline;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallEvent;
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
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Runs the Vert.x client stores' calls, each on a connection of its own from the pool, to the promises of the other
 * backends (those of backend {@code r2dbc}'s {@code StoreCalls}, with the same settings):
 * <ul>
 * <li><b>One bound on the whole call</b> ({@code shapes.database.request-timeout}), a Vert.x timer on the caller's
 * event loop: the wait for a connection, the statements, the commit. Past it the call fails as "did not answer in
 * time" (a 503); if it had a connection, its query is cancelled on the server (PostgreSQL's cancel request, sent on a
 * connection of its own) and the connection's socket is closed, which drops it from the pool, so that nothing of the
 * call keeps running or holds a slot, whatever the database does.</li>
 * <li><b>A 503 never commits</b>: a write is one statement in the database's auto-commit ({@link #statement}), which
 * PostgreSQL commits before it answers, so an answer means committed, in one round trip; a call that fails before
 * the statement is sent (no connection in time, the breaker open, a connection closed before it was written to)
 * wrote nothing. Once it is sent, a deadline or a broken connection is a {@link StoreOutcomeUnknownException} (a 500
 * that says so), never a refusal. A write of several statements would be a transaction ({@link #write}), its COMMIT
 * sent only once its statements have answered; one that fails before that is rolled back (within what is left of its
 * bound, else its connection is closed, which the database rolls back).</li>
 * <li><b>Outages</b> are {@link StoreUnavailableException}s ({@link PgClientOutages}), and the other backends'
 * {@link OutageBreaker} around the whole call makes the calls of the next {@code shapes.database.fail-fast} fail at
 * once after one found the database unreachable.</li>
 * <li><b>It heals by itself</b>: a connection the database broke is closed and dropped by the pool, which opens new
 * ones on demand.</li>
 * </ul>
 * <b>Pipelining</b>: a call's statements that do not wait for each other are written to its connection at once (the
 * BEGIN with the first statement of a transaction, a drawing's two deletes of a delete-all), up to the connection's
 * pipelining limit. Calls do not share a connection: each leases its own from the pool, so that a deadline can cut off
 * one call's connection without failing another's statements (Vert.x's pipelined pool, which would put several calls'
 * statements on one connection, offers no lease, and no way to end one call alone: docs/settings.md).
 *
 * <p><b>Context:</b> a call starts on the caller's event loop (a request's; any other caller's is moved to a Vert.x
 * context first), and everything of it runs there: the pool hands it a connection on that event loop when it can
 * (Vert.x's pool opens a connection on the event loop that asks and prefers one of the same event loop), its
 * results, its timer and its Future's completion. Nothing in it blocks.
 */
@Component
@Profile(Backends.PG_ON_VERTX)
class PgClientCalls {

    private static final Logger log = LoggerFactory.getLogger(PgClientCalls.class);

    private final Vertx vertx;
    private final Pool pool;
    private final Duration bound;
    private final OutageBreaker breaker;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger holding = new AtomicInteger();

    PgClientCalls(Vertx vertx, Pool pool, DatabaseTimeBounds bounds) {
        this.vertx = vertx;
        this.pool = pool;
        this.bound = bounds.requestTimeout();
        this.breaker = OutageBreaker.of(bounds);
        log.info("Database time bounds ({}.*): {}", DatabaseTimeBounds.PREFIX, bounds.describeR2dbc());
    }

    /**
     * One statement, or several sent together, in the database's auto-commit; {@code work} answers the result.
     * {@code entity} and {@code operation} name the call in its {@link StoreCallEvent}.
     */
    <R> Future<R> read(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, () -> FutureCalls.recorded(entity, operation, () -> call(Mode.READ, work)));
    }

    /**
     * One write statement in the database's auto-commit, no BEGIN nor COMMIT: one round trip, committed when answered.
     * From the moment {@code work} is applied (the statement is written), a lost answer is an unknown outcome. A
     * statement sent again after a conflict ({@code Drawings.REPLACE}) stays within the call.
     */
    <R> Future<R> statement(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, () -> FutureCalls.recorded(entity, operation, () -> call(Mode.STATEMENT, work)));
    }

    /** One transaction around {@code work}: committed once {@code work}'s Future has succeeded. */
    <R> Future<R> write(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, () -> FutureCalls.recorded(entity, operation, () -> call(Mode.TRANSACTION, work)));
    }

    /** How a call's statements are committed. */
    private enum Mode {
        /** A read: one statement, or several sent together, in the database's auto-commit, which write nothing. */
        READ,
        /** A write: one statement in the database's auto-commit, committed before it answers. */
        STATEMENT,
        /** A write of several statements: a transaction, committed once they have answered. */
        TRANSACTION
    }

    /** Store calls waiting for a connection now. */
    int waiting() {
        return waiting.get();
    }

    /** Store calls holding a connection now. */
    int holding() {
        return holding.get();
    }

    private <R> Future<R> call(Mode mode, Function<SqlConnection, Future<R>> work) {
        Call<R> call = new Call<>(mode, work);
        Context context = vertx.getOrCreateContext();
        if (Vertx.currentContext() == context) {
            call.start();
        } else {
            context.runOnContext(started -> call.start());
        }
        return call.answer.future();
    }

    /**
     * Connections aborted at a deadline whose socket may still be closing (the pool drops a connection once it sees it
     * closed, and may lease it again before): refused by the call that gets one. Weak, so that a connection dropped
     * before anyone got it again leaves no trace.
     */
    private static final Set<Object> ABORTED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private static Object physical(SqlConnection connection) {
        return ((SqlConnectionInternal) connection).unwrap().unwrap();
    }

    /** The connection a call got had been aborted at another call's deadline: nothing of this call was sent. */
    static final class AbortedConnection extends RuntimeException {
        AbortedConnection() {
            super("the pooled connection was aborted at another store call's deadline", null, false, false);
        }
    }

    /** One store call: its connection once it has one, and the one way it ends. Touched on its context only. */
    private final class Call<R> {

        final Promise<R> answer = Promise.promise();
        private final Mode mode;
        private final Function<SqlConnection, Future<R>> work;
        private final CallDeadline deadline = new CallDeadline(bound);
        private SqlConnection connection;
        private long timer;
        private boolean committing;
        private boolean ended;

        Call(Mode mode, Function<SqlConnection, Future<R>> work) {
            this.mode = mode;
            this.work = work;
        }

        void start() {
            timer = vertx.setTimer(Math.max(1, bound.toMillis()), fired -> expire());
            waiting.incrementAndGet();
            pool.getConnection().onComplete(acquired -> {
                waiting.decrementAndGet();
                if (acquired.failed()) {
                    end(acquired.cause());
                } else if (ended) {
                    acquired.result().close(); // the bound passed while it waited: nothing was sent
                } else if (ABORTED.contains(physical(acquired.result()))) {
                    // Cut off at another call's deadline, its socket closing: a statement written to it now might still
                    // go out, or not. Refused before anything is sent; the pool drops it as the socket closes.
                    acquired.result().close();
                    end(new AbortedConnection());
                } else {
                    holding.incrementAndGet();
                    connection = acquired.result();
                    run().onComplete(done -> {
                        if (done.succeeded()) {
                            succeed(done.result());
                        } else {
                            end(done.cause());
                        }
                    });
                }
            });
        }

        private Future<R> run() {
            try {
                if (mode == Mode.READ) {
                    return work.apply(connection);
                }
                if (mode == Mode.STATEMENT) {
                    committing = true; // written now, and committed by the database before it answers
                    return work.apply(connection);
                }
                Future<Transaction> began = connection.begin();
                Future<R> statements = work.apply(connection); // sent right behind the BEGIN, not after its answer
                return began.compose(tx -> statements.compose(result -> {
                    committing = true;
                    return tx.commit().map(committed -> result);
                }));
            } catch (RuntimeException failed) {
                return Future.failedFuture(failed);
            }
        }

        private void succeed(R result) {
            if (ended) {
                return;
            }
            ended = true;
            vertx.cancelTimer(timer);
            release();
            answer.complete(result);
        }

        /** Failed before the bound: a transaction not yet committing is rolled back within what is left of it. */
        private void end(Throwable failure) {
            if (ended) {
                return;
            }
            ended = true;
            vertx.cancelTimer(timer);
            Transaction open = connection == null || committing ? null : connection.transaction();
            if (open == null) {
                release();
            } else {
                long left = Math.max(1, deadline.remaining().toMillis());
                long rollbackBound = vertx.setTimer(left, fired -> abort());
                open.rollback().onComplete(rolledBack -> {
                    if (vertx.cancelTimer(rollbackBound)) {
                        if (rolledBack.succeeded()) {
                            release();
                        } else {
                            abort();
                        }
                    }
                });
            }
            answer.fail(PgClientOutages.translate(failure, committing));
        }

        /** The bound passed. Nothing more of the call may run on the database. */
        private void expire() {
            if (ended) {
                return;
            }
            ended = true;
            Throwable failure = connection == null ? new CallDeadline.NoConnectionInTime(bound)
                    : new TimeoutException("no answer within " + bound.toMillis() + " ms");
            if (connection != null) {
                abort();
            }
            answer.fail(PgClientOutages.translate(failure, committing));
        }

        private void release() {
            if (connection != null) {
                holding.decrementAndGet();
                connection.close();
                connection = null;
            }
        }

        /**
         * Cancels what the connection is doing on the server and closes its socket, which drops it from the pool: a
         * connection whose conversation was cut off mid-way can never serve another call. Neither waits for an answer
         * that a hung server would never send. Until the pool has seen the socket closed it may lease the connection
         * again: the call that gets it refuses it ({@link #start}).
         */
        private void abort() {
            SqlConnection aborted = connection;
            if (aborted == null) {
                return;
            }
            PgConnection.cast(aborted).cancelRequest()
                    .onFailure(failed -> log.debug("Cancel request not delivered: {}", failed.toString()));
            if (physical(aborted) instanceof SocketConnectionBase physical) {
                ABORTED.add(physical);
                physical.socket().close(); // the client's own close would queue behind the hung statements
            }
            release();
        }
    }
}
