package dev.shapeslab.persistence.jpa.failure;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.Socket;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.h2.engine.SessionLocal;
import org.h2.engine.SessionRemote;
import org.h2.jdbc.JdbcConnection;
import org.h2.value.Transfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link StoreDeadline} aborts a connection, per driver: PostgreSQL's {@link Connection#abort} closes the socket;
 * H2's is a no-op and its {@code close()} waits for the blocked reader, so a remote H2 session's socket is closed
 * directly and an embedded session's statement cancelled.
 */
final class ConnectionAborts {

    private static final Logger log = LoggerFactory.getLogger(ConnectionAborts.class);

    private ConnectionAborts() {
    }

    /** Ends whatever {@code connection} is blocked in, and makes its later use fail. Never throws: logs. */
    static void abort(Connection connection) {
        try {
            if (connection instanceof JdbcConnection h2) {
                abortH2(h2);
            } else {
                // PostgreSQL: closes the socket on the given executor; closing is quick, so it runs here.
                connection.abort(Runnable::run);
            }
        } catch (SQLException | RuntimeException failed) {
            log.warn("Could not abort a database connection past its deadline: {}", failed.toString());
        }
    }

    private static void abortH2(JdbcConnection connection) {
        if (connection.getSession() instanceof SessionRemote remote) {
            for (Transfer transfer : H2Transfers.of(remote)) {
                Socket socket = transfer.getSocket();
                if (socket != null) {
                    try {
                        socket.close();
                    } catch (IOException ignored) {
                        // already closed
                    }
                }
            }
        } else {
            // Embedded: the running statement stops with "canceled"; a cancel that finds none waits for the
            // session's next statement, and dropCancel() removes it before the pool hands the session on.
            connection.getSession().cancel();
        }
    }

    /** Clears a cancel that found no statement, which H2 keeps for the session's next, another call's. */
    static void dropCancel(Connection connection) {
        if (connection instanceof JdbcConnection h2 && h2.getSession() instanceof SessionLocal local) {
            local.setQueryTimeout(local.getQueryTimeout()); // H2's one way to clear a pending cancel
        }
    }

    /**
     * The sockets of a remote H2 session, from its private list of transfers, since H2 cannot interrupt a blocked
     * session (docs/faults.md). The H2 fault tests fail if a new H2 moves it.
     */
    private static final class H2Transfers {

        private static final Field TRANSFERS;

        static {
            try {
                TRANSFERS = SessionRemote.class.getDeclaredField("transferList");
                TRANSFERS.setAccessible(true);
            } catch (NoSuchFieldException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unchecked")
        static List<Transfer> of(SessionRemote session) {
            try {
                Object transfers = TRANSFERS.get(session);
                return transfers == null ? List.of() : new ArrayList<>((List<Transfer>) transfers);
            } catch (IllegalAccessException | RuntimeException e) {
                log.warn("Could not reach the sockets of an H2 session: {}", e.toString());
                return List.of();
            }
        }
    }
}
