package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.persistence.OutageKinds;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.sqlclient.ClosedConnectionException;
import io.vertx.sqlclient.DatabaseException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * Which of the Vert.x client's failures say the database could not answer ({@link OutageKinds#translate}).
 */
final class PgClientOutages {

    /**
     * How the client fails a command it was given on a connection that is closed already, before sending it
     * ({@code SocketConnectionBase}); the client has no exception type for it (PgClientAbortsTests fails if it changes).
     */
    static final String NOT_ACTIVE = "Connection is not active now";

    private PgClientOutages() {
    }

    static Throwable translate(Throwable failure, boolean committing) {
        return OutageKinds.translate(failure, committing, PgClientOutages::kindHere);
    }

    static String kindHere(Throwable cause) {
        if (cause instanceof PgClientCalls.AbortedConnection) {
            return OutageKinds.CLOSED_BEFORE_SENT;
        }
        if (cause instanceof TimeoutException) {
            return OutageKinds.NO_ANSWER; // a timeout of the client's (the call's own deadline is a DeadlinePassed)
        }
        if (cause instanceof ConnectionPoolTooBusyException) {
            return OutageKinds.POOL_FULL;
        }
        if (cause instanceof DatabaseException database) {
            return OutageKinds.ofSqlState(database.getSqlState());
        }
        if (cause instanceof VertxException && !(cause instanceof ClosedConnectionException) && cause.getMessage() != null
                && cause.getMessage().startsWith(NOT_ACTIVE)) {
            return OutageKinds.CLOSED_BEFORE_SENT;
        }
        if (cause instanceof ClosedConnectionException || cause instanceof IOException) {
            return OutageKinds.BROKEN; // refused, closed or reset (a refused connect is a java.net.ConnectException)
        }
        return null;
    }
}
