package dev.shapeslab.persistence.jpa.failure;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.util.Set;
import org.h2.api.ErrorCode;

/**
 * Tells HikariCP which H2 errors mean the connection is dead, so that it is closed instead of handed out
 * again. Hikari evicts on its own only for SQLState class 08 and a few vendor codes; H2 reports a server
 * that went away as 90067 (connection broken) and then 90121/90098 (database closed), so without this
 * hook a pool under steady traffic kept serving dead connections long after the server was back.
 * Configured as {@code spring.datasource.hikari.exception-override-class-name}.
 *
 * <p>On PostgreSQL it changes nothing: the driver's vendor code is always 0, so every exception goes on to
 * Hikari's own rules, which already evict for what PostgreSQL reports when a connection is lost (SQLState
 * class 08) or the server ends its sessions (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
 * now). A cancelled statement (57014) leaves its connection usable, and Hikari keeps it.
 */
public class H2BrokenConnections implements SQLExceptionOverride {

    static final Set<Integer> BROKEN = Set.of(
            ErrorCode.CONNECTION_BROKEN_1,
            ErrorCode.DATABASE_CALLED_AT_SHUTDOWN,
            ErrorCode.DATABASE_IS_CLOSED,
            ErrorCode.IO_EXCEPTION_1,
            ErrorCode.IO_EXCEPTION_2,
            ErrorCode.OBJECT_CLOSED);

    @java.lang.Override
    public Override adjudicate(SQLException failure) {
        return BROKEN.contains(failure.getErrorCode()) ? Override.MUST_EVICT : Override.CONTINUE_EVICT;
    }
}
