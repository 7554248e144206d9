package dev.shapeslab.faults;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A database a fault test can take down, bring back and hang, and whose stored circles it can count. */
public interface DatabaseFaults {

    /** The database goes away: its connections break and new ones are refused. */
    void stop() throws SQLException;

    /** Brings it back after {@link #stop()}; does nothing if it runs. */
    void startIfStopped() throws SQLException;

    /** Hangs the database: connections stay open, nothing is answered. */
    void freeze();

    /** Lets everything sent while frozen through, as a resumed server would. */
    void thaw();

    /** Connections the app has closed from its end so far, seen at once even while the database hangs. */
    int connectionsClosedByTheApp();

    /**
     * Whether requests that reach the database while it hangs stay in flight until the request bound, longer
     * than an admission wait. Not on PostgreSQL here: the pool checks an idle connection before handing it
     * out, and on a hung server that check fails within its own bound, so such a request ends sooner.
     */
    default boolean holdsRequestsUntilTheBound() {
        return true;
    }

    /**
     * Whether the app's stores write each entity in one statement in the database's auto-commit, which the database
     * commits before it answers (PostgreSQL), rather than in a transaction whose COMMIT the app sends once the
     * statements have answered (H2): then a write whose statement reached a hung database may commit when it resumes,
     * and is answered as an unknown outcome, not as a refusal.
     */
    default boolean commitsEachWriteAsItRuns() {
        return false;
    }

    /** A connection straight to the database, past the proxy the app uses. */
    Connection connect() throws SQLException;

    /** Circles stored with this colour, read straight from the database. */
    default int countCircles(String colour) throws SQLException {
        try (Connection connection = connect();
             PreparedStatement count = connection.prepareStatement(
                     "select count(*) from shape where shape_type = 'circle' and colour = ?")) {
            count.setString(1, colour);
            try (ResultSet result = count.executeQuery()) {
                result.next();
                return result.getInt(1);
            }
        }
    }
}
