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
        assertThat(kind(PgClientOutages.translate(new PgClientCalls.NoConnectionInTime(Duration.ofSeconds(3)), false)))
                .isEqualTo(OutageKinds.NO_CONNECTION);
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
