package dev.shapeslab.persistence.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.OutageKinds;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;
import reactor.core.publisher.Mono;
import reactor.pool.PoolAcquirePendingLimitException;
import reactor.test.StepVerifier;

/**
 * Which failures of an r2dbc store call are outages, which commits cannot be known, and which of them open the
 * breaker the JDBC backends share ({@link OutageBreaker}): a database found unreachable does, a busy pool does not.
 */
public class OutagesTests {

    @Test
    public void aCallPastItsDeadlineIsA503UnlessItWasCommitting() {
        assertThat(Outages.translate(new TimeoutException(), false)).isInstanceOf(StoreUnavailableException.class)
                .extracting(failure -> ((StoreUnavailableException) failure).kind()).isEqualTo(OutageKinds.NO_ANSWER);
        assertThat(Outages.translate(new TimeoutException(), true)).isInstanceOf(StoreOutcomeUnknownException.class);
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
        assertThat(Outages.translate(bug, false)).isSameAs(bug);
        assertThat(Outages.translate(bug, true)).isSameAs(bug);
    }

    @DataProvider
    public Object[][] unreachable() {
        return new Object[][] {
                {new TimeoutException(), false},
                {new R2dbcNonTransientResourceException("Cannot connect", new ConnectException("refused")), false},
                {new R2dbcNonTransientResourceException("terminating connection", "57P01"), false},
                {new R2dbcNonTransientResourceException("connection failure", "08006"), true},
        };
    }

    /** What the translation names an unreachable database (or a commit cut off) opens the shared breaker. */
    @Test(dataProvider = "unreachable")
    public void anUnreachableDatabaseOpensTheBreaker(Throwable failure, boolean committing) {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMinutes(1), System::nanoTime);
        StepVerifier.create(ReactorCalls.guarded(breaker, "circle", "insert", Mono.error(() -> Outages.translate(failure, committing))))
                .expectError().verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    @Test
    public void waitingTooLongOrTooManyForAConnectionIsA503ThatDoesNotOpenTheBreaker() {
        OutageBreaker breaker = new OutageBreaker(Duration.ofMinutes(1), System::nanoTime);
        assertThat(kind(new PoolAcquirePendingLimitException(1000))).isEqualTo(Outages.POOL_FULL);
        assertThat(kind(new OutageKinds.NoConnectionInTime(Duration.ofSeconds(3)))).isEqualTo(OutageKinds.NO_CONNECTION);
        for (Throwable busy : new Throwable[] {new PoolAcquirePendingLimitException(1000),
                new OutageKinds.NoConnectionInTime(Duration.ofSeconds(3))}) {
            StepVerifier.create(ReactorCalls.guarded(breaker, "circle", "insert", Mono.error(() -> Outages.translate(busy, false))))
                    .expectError(StoreUnavailableException.class).verify();
        }
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    private static String kind(Throwable failure) {
        return ((StoreUnavailableException) Outages.translate(failure, false)).kind();
    }
}
