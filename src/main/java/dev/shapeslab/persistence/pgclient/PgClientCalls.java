package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.OutageKinds;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.OutageBreaker;
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
import org.springframework.stereotype.Component;

/**
 * Runs the Vert.x client stores' calls, each on a connection of its own from the pool, to the store-call promises of
 * every database backend ({@code dev.shapeslab.persistence}), with the shared breaker and recording
 * ({@link FutureCalls}) and classification ({@link PgClientOutages}). What is this driver's:
 * <ul>
 * <li>The bound is a Vert.x timer on the caller's event loop. Past it, a call with a connection has its query
 * cancelled on the server and its connection cut off ({@link #abort}), which drops it from the pool.</li>
 * <li>A write is one statement in the database's auto-commit ({@link #statement}), committing once written. A write of
 * several statements would be a transaction ({@link #write}), committing from its COMMIT, sent once its statements have
 * answered; one that fails before is rolled back within what is left of its bound, else its connection is cut off.</li>
 * <li>A connection the database broke is closed and dropped by the pool, which opens new ones on demand.</li>
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
@ConditionalOnDeployment(store = Store.PG_CLIENT)
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

    /** One statement, or several sent together, in the database's auto-commit; {@code work} answers the result. */
    <R> Future<R> read(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, entity, operation, () -> call(Mode.READ, work));
    }

    /**
     * One write statement in the database's auto-commit: one round trip, committed when answered, and once written an
     * unknown outcome if its answer is lost. One sent again after a conflict stays within the call.
     */
    <R> Future<R> statement(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, entity, operation, () -> call(Mode.STATEMENT, work));
    }

    /** One transaction around {@code work}: committed once {@code work}'s Future has succeeded. */
    <R> Future<R> write(String entity, String operation, Function<SqlConnection, Future<R>> work) {
        return FutureCalls.guarded(breaker, entity, operation, () -> call(Mode.TRANSACTION, work));
    }

    /** How a call's statements are committed: see {@link #read}, {@link #statement}, {@link #write}. */
    private enum Mode { READ, STATEMENT, TRANSACTION }

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
     * Cuts a connection off at its call's deadline: its query is cancelled on the server and its socket closed, which
     * fails its statements at once and drops it from the pool; neither waits for an answer a hung server never sends.
     * The caller still gives it back.
     *
     * <p><b>The one use of the client's internals, because no public API does it.</b> The public
     * {@link PgConnection#cancelRequest()} is answered by a hung server no more than the query is, the public
     * {@code close()} gives a pooled connection back to the pool (with its hung statements still queued), and the close
     * of the physical connection is a command queued behind them. So its socket is closed, reached through
     * {@link SqlConnectionInternal#unwrap()} ({@code io.vertx.sqlclient.internal}, exported for drivers) and
     * {@link SocketConnectionBase} ({@code io.vertx.sqlclient.impl}, which the client's module exports to its own
     * drivers only). {@code PgClientAbortsTests} fails when a new client moves or changes them.
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

    /** One store call: its connection once it has one, and the one way it ends. Touched on its context only. */
    private final class Call<R> {

        final Promise<R> answer = Promise.promise();
        private final Mode mode;
        private final Function<SqlConnection, Future<R>> work;
        private final long deadline = System.nanoTime() + bound.toNanos();
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
                } else if (aborted(acquired.result())) {
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
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
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
            Throwable failure = connection == null ? new OutageKinds.NoConnectionInTime(bound)
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

        /** Cuts the connection off ({@link #abort}); the pool may lease it again before it sees that, and {@link #start} refuses it. */
        private void abort() {
            if (connection != null) {
                PgClientCalls.abort(connection);
                release();
            }
        }
    }
}
