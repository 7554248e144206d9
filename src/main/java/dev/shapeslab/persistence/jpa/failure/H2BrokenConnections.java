package dev.shapeslab.persistence.jpa.failure;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.util.Set;
import org.h2.api.ErrorCode;

/**
 * Tells HikariCP which H2 errors mean the connection is dead (90067, then 90121/90098), so that it is closed instead of
 * handed out again; Hikari by itself evicts only for SQLState class 08 and a few vendor codes (docs/faults.md, "It
 * heals by itself"). On PostgreSQL it changes nothing: the vendor code is 0, and Hikari's own rules cover it.
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
