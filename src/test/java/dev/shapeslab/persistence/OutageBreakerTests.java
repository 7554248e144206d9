package dev.shapeslab.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.persistence.pgclient.FutureCalls;
import dev.shapeslab.persistence.r2dbc.ReactorCalls;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.vertx.core.Future;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/**
 * The breaker around the R2DBC stores' Monos keeps the promises it keeps around the JDBC stores' blocking calls
 * (StoreOutagesTests): one outage opens it; while open a call is answered at once with the outage's kind and never
 * subscribed to; after the window every call tries, and the first to end closes it or opens another window. The
 * time is a counter the tests move, and the database a Mono whose subscriptions are counted.
 */
public class OutageBreakerTests {

    private static final Duration WINDOW = Duration.ofMillis(250);

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger subscribed = new AtomicInteger();

    /** TestNG keeps one instance for all the methods: each starts at the same time, with no call made. */
    @BeforeMethod
    public void noCallsYet() {
        now.set(1_000_000);
        subscribed.set(0);
    }

    private <T> Mono<T> database(Mono<T> answer) {
        return answer.doOnSubscribe(subscription -> subscribed.incrementAndGet());
    }

    /** The breaker around a Mono, as the r2dbc stores' calls pass it. */
    private static <T> Mono<T> guard(OutageBreaker breaker, Mono<T> call) {
        return ReactorCalls.guarded(breaker, "circle", "insert", call);
    }

    /** The breaker around a Future, as the Vert.x client stores' calls pass it. */
    private static <T> Future<T> guardFuture(OutageBreaker breaker, Supplier<Future<T>> call) {
        return FutureCalls.guarded(breaker, "circle", "insert", call);
    }

    private static Mono<String> unreachable(String kind) {
        return Mono.error(() -> new StoreUnavailableException(kind, new ConnectException("refused")));
    }

    @Test
    public void anOutageOpensItAndTheCallsOfTheWindowAreAnsweredWithoutReachingTheDatabase() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.NO_ANSWER))))
                .expectError(StoreUnavailableException.class).verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);

        now.addAndGet(WINDOW.minusMillis(1).toNanos());
        StepVerifier.create(guard(breaker, database(Mono.just("stored"))))
                .expectErrorSatisfies(failure -> assertThat(failure).isInstanceOf(StoreUnavailableException.class)
                        .extracting(turnedAway -> ((StoreUnavailableException) turnedAway).kind())
                        .isEqualTo(OutageKinds.NO_ANSWER))
                .verify();
        assertThat(subscribed).as("calls that reached the database").hasValue(1);
    }

    @Test
    public void afterTheWindowACallThatFindsTheDatabaseBackClosesIt() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.BROKEN)))).expectError().verify();

        now.addAndGet(WINDOW.plusMillis(1).toNanos());
        StepVerifier.create(guard(breaker, database(Mono.just("stored")))).expectNext("stored").verifyComplete();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        StepVerifier.create(guard(breaker, database(Mono.<String>empty()))).verifyComplete();
        assertThat(subscribed).hasValue(3);
    }

    @Test
    public void anOutageAfterTheWindowOpensAnother() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.SHUTTING_DOWN)))).expectError().verify();
        now.addAndGet(WINDOW.plusMillis(1).toNanos());
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.SHUTTING_DOWN)))).expectError().verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);

        now.addAndGet(Duration.ofMillis(1).toNanos());
        StepVerifier.create(guard(breaker, database(Mono.just("stored"))))
                .expectErrorMatches(failure -> failure instanceof StoreUnavailableException turnedAway
                        && turnedAway.kind().equals(OutageKinds.SHUTTING_DOWN))
                .verify();
        assertThat(subscribed).hasValue(2);
    }

    /** After the window every call tries the database, not one probe while the others are turned away. */
    @Test
    public void afterTheWindowACallTriesWhileAnotherIsStillTrying() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.BROKEN)))).expectError().verify();
        now.addAndGet(WINDOW.plusMillis(1).toNanos());

        Sinks.One<String> firstAnswer = Sinks.one();
        StepVerifier first = StepVerifier.create(guard(breaker, database(firstAnswer.asMono())))
                .expectNext("first").expectComplete().verifyLater();
        assertThat(subscribed).as("the first trial is under way").hasValue(2);
        StepVerifier.create(guard(breaker, database(Mono.just("second")))).expectNext("second").verifyComplete();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        firstAnswer.tryEmitValue("first");
        first.verify();
        assertThat(subscribed).hasValue(3);
    }

    @Test
    public void aCommitCutOffIsAnOutageToo() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(Mono.error(new StoreOutcomeUnknownException(
                new ConnectException("reset")))))).expectError(StoreOutcomeUnknownException.class).verify();
        StepVerifier.create(guard(breaker, database(Mono.just("stored"))))
                .expectErrorMatches(failure -> failure instanceof StoreUnavailableException turnedAway
                        && turnedAway.kind().equals(OutageKinds.BROKEN))
                .verify();
        assertThat(subscribed).hasValue(1);
    }

    @Test
    public void aBusyPoolOrABugIsAnAnswerNotAnOutage() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        IllegalStateException bug = new IllegalStateException("a bug");
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.NO_CONNECTION))))
                .expectError(StoreUnavailableException.class).verify();
        StepVerifier.create(guard(breaker, database(Mono.error(bug)))).expectErrorMatches(bug::equals).verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
        StepVerifier.create(guard(breaker, database(Mono.just("stored")))).expectNext("stored").verifyComplete();
    }

    @Test
    public void aCancelledCallCountsForNothing() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StepVerifier.create(guard(breaker, database(Mono.<String>never()))).thenCancel().verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    public void aZeroWindowTurnsItOff() {
        OutageBreaker breaker = new OutageBreaker(Duration.ZERO, now::get);
        StepVerifier.create(guard(breaker, database(unreachable(OutageKinds.BROKEN)))).expectError().verify();
        StepVerifier.create(guard(breaker, database(Mono.just("stored")))).expectNext("stored").verifyComplete();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.DISABLED);
        assertThat(subscribed).hasValue(2);
    }

    @Test
    public void itsWindowIsTheSharedFailFastSetting() {
        OutageBreaker breaker = OutageBreaker.of(DatabaseTimeBounds.defaults());
        StepVerifier.create(guard(breaker, unreachable(OutageKinds.BROKEN))).expectError().verify();
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    /** Around a Vert.x client call's Future: an outage opens it, and a call of the window is never started. */
    @Test
    public void aFutureThatFailsWithAnOutageOpensItAndTheNextIsNeverStarted() {
        OutageBreaker breaker = new OutageBreaker(WINDOW, now::get);
        StoreUnavailableException outage = new StoreUnavailableException(OutageKinds.BROKEN, new ConnectException("refused"));
        assertThat(guardFuture(breaker, () -> Future.failedFuture(outage)).cause()).isSameAs(outage);
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.OPEN);

        Future<String> turnedAway = guardFuture(breaker, () -> {
            subscribed.incrementAndGet();
            return Future.succeededFuture("reached the database");
        });
        assertThat(turnedAway.cause()).isInstanceOf(StoreUnavailableException.class);
        assertThat(subscribed.get()).isZero();

        now.addAndGet(WINDOW.plusMillis(1).toNanos());
        assertThat(guardFuture(breaker, () -> Future.succeededFuture("back")).result()).isEqualTo("back");
        assertThat(breaker.state()).isEqualTo(CircuitBreaker.State.CLOSED);
    }
}
