package dev.shapeslab.persistence.pgclient;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageKinds;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.testng.annotations.Test;

/**
 * Which failures of a Vert.x client store call are outages (503) and which commits cannot be known (500), named as the
 * other backends name them, so that the shared breaker and the web layer treat them alike.
 */
public class PgClientOutagesTests {

    @Test
    public void aCallPastItsDeadlineIsA503UnlessItWasCommitting() {
        assertThat(kind(PgClientOutages.translate(new TimeoutException(), false))).isEqualTo(OutageKinds.NO_ANSWER);
        assertThat(PgClientOutages.translate(new TimeoutException(), true)).isInstanceOf(StoreOutcomeUnknownException.class);
        assertThat(PgClientOutages.translate(ClosedConnectionException.INSTANCE, true))
                .isInstanceOf(StoreOutcomeUnknownException.class);
    }

    @Test
    public void postgresqlsSqlStatesAndTheClientsOwnFailuresSayWhy() {
        assertThat(kind(PgClientOutages.translate(new PgException("terminating connection", "FATAL", "57P01", null), false)))
                .isEqualTo(OutageKinds.SHUTTING_DOWN);
        assertThat(kind(PgClientOutages.translate(ClosedConnectionException.INSTANCE, false))).isEqualTo(OutageKinds.BROKEN);
        assertThat(kind(PgClientOutages.translate(new ConnectException("refused"), false))).isEqualTo(OutageKinds.BROKEN);
        assertThat(kind(PgClientOutages.translate(new ConnectionPoolTooBusyException("full"), false)))
                .isEqualTo(OutageKinds.POOL_FULL);
        assertThat(kind(PgClientOutages.translate(new OutageKinds.NoConnectionInTime(Duration.ofSeconds(3)), false)))
                .isEqualTo(OutageKinds.NO_CONNECTION);
    }

    /**
     * Under a slow database with 1,000 clients, calls were given pooled connections that another call's deadline had
     * closed: the client fails such a statement before sending it, so it is a 503 even for a COMMIT (nothing was
     * committed), and not an outage for the breaker.
     */
    @Test
    public void aStatementGivenAClosedConnectionWasNeverSentAndIsA503EvenForACommit() {
        VertxException notActive = new VertxException("Connection is not active now, current status: CLOSED", true);
        assertThat(kind(PgClientOutages.translate(notActive, false))).isEqualTo(OutageKinds.CLOSED_BEFORE_SENT);
        assertThat(kind(PgClientOutages.translate(notActive, true))).isEqualTo(OutageKinds.CLOSED_BEFORE_SENT);
        assertThat(OutageKinds.UNREACHABLE).doesNotContain(OutageKinds.CLOSED_BEFORE_SENT);
        // One the pool leased again before it saw its socket closed: refused by the call before it sends a statement.
        assertThat(kind(PgClientOutages.translate(new PgClientCalls.AbortedConnection(), true)))
                .isEqualTo(OutageKinds.CLOSED_BEFORE_SENT);
    }

    @Test
    public void anyOtherFailurePassesUnchangedAndStaysA500() {
        PgException syntax = new PgException("syntax error", "ERROR", "42601", null);
        assertThat(PgClientOutages.translate(syntax, false)).isSameAs(syntax);
        VertxException other = new VertxException("something else");
        assertThat(PgClientOutages.translate(other, true)).isSameAs(other);
    }

    private static String kind(Throwable translated) {
        assertThat(translated).isInstanceOf(StoreUnavailableException.class);
        return ((StoreUnavailableException) translated).kind();
    }
}
