package dev.shapeslab.persistence.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageKinds;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;
import reactor.pool.PoolAcquirePendingLimitException;

/** Which failures of an r2dbc store call are outages, which commits cannot be known, and failing fast after one. */
public class OutagesTests {

    private final AtomicLong now = new AtomicLong();
    private Outages outages;

    /** TestNG keeps one instance for all the methods: each starts with no outage known. */
    @BeforeMethod
    public void noOutageKnown() {
        now.set(1_000);
        outages = new Outages(Duration.ofNanos(250), now::get);
    }

    @Test
    public void aCallPastItsDeadlineIsA503UnlessItWasCommitting() {
        assertThat(outages.translate(new TimeoutException(), false)).isInstanceOf(StoreUnavailableException.class)
                .extracting(failure -> ((StoreUnavailableException) failure).kind()).isEqualTo(OutageKinds.NO_ANSWER);
        assertThat(outages.translate(new TimeoutException(), true)).isInstanceOf(StoreOutcomeUnknownException.class);
    }

    @Test
    public void postgresqlsSqlStatesAndTheDriversOwnFailuresSayWhy() {
        assertThat(kind(new R2dbcNonTransientResourceException("terminating connection", "57P01"))).isEqualTo(OutageKinds.SHUTTING_DOWN);
        assertThat(kind(new R2dbcNonTransientResourceException("connection failure", "08006"))).isEqualTo(OutageKinds.BROKEN);
        assertThat(kind(new R2dbcNonTransientResourceException("Cannot connect", new ConnectException("refused"))))
                .isEqualTo(OutageKinds.BROKEN);
        assertThat(kind(new PoolAcquirePendingLimitException(1000))).isEqualTo(Outages.POOL_FULL);
    }

    @Test
    public void aBugStaysWhatItIs() {
        R2dbcBadGrammarException bug = new R2dbcBadGrammarException("syntax error", "42601");
        assertThat(outages.translate(bug, false)).isSameAs(bug);
        assertThat(outages.translate(bug, true)).isSameAs(bug);
    }

    @Test
    public void afterAnUnreachableDatabaseCallsFailFastForTheWindowOnly() {
        assertThat(outages.failingFast()).isEmpty();
        outages.translate(new TimeoutException(), false);
        assertThat(outages.failingFast()).get().extracting(StoreUnavailableException::kind).isEqualTo(OutageKinds.NO_ANSWER);
        now.addAndGet(250);
        assertThat(outages.failingFast()).isEmpty();
    }

    @Test
    public void waitingTooLongOrTooManyForAConnectionIsA503ThatDoesNotMakeOthersFailFast() {
        assertThat(kind(new PoolAcquirePendingLimitException(1000))).isEqualTo(Outages.POOL_FULL);
        assertThat(kind(new StoreCalls.NoConnectionInTime(Duration.ofSeconds(3)))).isEqualTo(OutageKinds.NO_CONNECTION);
        assertThat(outages.failingFast()).isEmpty();
    }

    private String kind(Throwable failure) {
        return ((StoreUnavailableException) outages.translate(failure, false)).kind();
    }
}
