package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.persistence.OutageKinds;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.framework.ProxyFactory;
import org.testng.annotations.Test;

/**
 * The deadline on a store call: it aborts the connection the call is blocked on, whatever the call was doing
 * with it, and never one the call has given back. A fake connection stands for the driver: its "statement"
 * blocks until the connection is aborted, as a read on a hung server's socket does until the socket closes.
 */
public class StoreDeadlineTests {

    /** A connection that counts aborts and releases whoever waits in {@link #block()} when aborted. */
    private static final class HungConnection {
        final AtomicInteger aborts = new AtomicInteger();
        final CountDownLatch aborted = new CountDownLatch(1);
        final Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("equals")) {
                        return proxy == args[0];
                    }
                    if (method.getName().equals("abort")) {
                        aborts.incrementAndGet();
                        aborted.countDown();
                    }
                    return null;
                });

        /** Blocks "on the socket" until aborted, then fails as a driver does. */
        void block() {
            try {
                aborted.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("driver", new SQLException("Socket closed", "08006"));
        }
    }

    @SuppressWarnings("unchecked")
    private static Callable<String> bounded(StoreDeadline deadline, Callable<String> work) {
        ProxyFactory factory = new ProxyFactory(work);
        factory.addAdvice((MethodInterceptor) invocation -> deadline.bound(invocation::proceed));
        return (Callable<String>) factory.getProxy();
    }

    @Test
    public void aCallBlockedOnAHungConnectionIsReleasedAtTheDeadline() {
        HungConnection hung = new HungConnection();
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMillis(50))) {
            Callable<String> call = bounded(deadline, () -> {
                StoreDeadline.track(hung.connection); // as the connection's first use does
                hung.block();
                return "never";
            });
            OutageKinds.DeadlinePassed passed = expectThrows(OutageKinds.DeadlinePassed.class, call::call);
            assertEquals(hung.aborts.get(), 1);
            assertEquals(StoreOutages.kindOf(passed), java.util.Optional.of(OutageKinds.NO_ANSWER));
        }
    }

    /**
     * A call gives its connection back inside its own work (a transaction's end), before the deadline knows it
     * is finished: once another call has taken that connection, the first call's deadline leaves it alone and
     * aborts only what the first call still holds.
     */
    @Test
    public void aDeadlineLeavesAConnectionAnotherCallHasTakenSince() throws Exception {
        HungConnection handedOn = new HungConnection();
        HungConnection stillHeld = new HungConnection();
        ExecutorService other = Executors.newSingleThreadExecutor();
        // Long enough for the other thread to take the connection first: at 50 ms, on a loaded machine, the first
        // call's deadline once passed before it had, and rightly aborted a connection its call still owned.
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofSeconds(1));
             StoreDeadline longer = new StoreDeadline(Duration.ofMinutes(1))) {
            CountDownLatch taken = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(1);
            Callable<String> second = bounded(longer, () -> {
                StoreDeadline.track(handedOn.connection);
                taken.countDown();
                done.await();
                return "second";
            });
            Callable<String> first = bounded(deadline, () -> {
                StoreDeadline.track(handedOn.connection);
                other.submit(second);
                taken.await(); // the pool handed the connection on
                StoreDeadline.track(stillHeld.connection);
                stillHeld.block(); // until the first call's deadline aborts what it holds
                return "never";
            });
            expectThrows(OutageKinds.DeadlinePassed.class, first::call);
            done.countDown();
            assertEquals(stillHeld.aborts.get(), 1);
            assertEquals(handedOn.aborts.get(), 0, "the deadline aborted a connection another call had taken");
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    public void aConnectionFirstUsedAfterTheDeadlineIsAbortedAtOnce() throws Exception {
        HungConnection late = new HungConnection();
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMillis(50))) {
            CountDownLatch expired = new CountDownLatch(1);
            Callable<String> call = bounded(deadline, () -> {
                // Still waiting elsewhere (for the pool, say) when the time is up; the connection comes after.
                HungConnection before = new HungConnection();
                StoreDeadline.track(before.connection);
                assertTrue(before.aborted.await(30, TimeUnit.SECONDS), "the deadline did not pass");
                expired.countDown();
                StoreDeadline.track(late.connection);
                late.block();
                return "never";
            });
            expectThrows(OutageKinds.DeadlinePassed.class, call::call);
            assertEquals(expired.getCount(), 0);
            assertEquals(late.aborts.get(), 1);
        }
    }

    @Test
    public void aFinishedCallNeverAbortsTheConnectionItGaveBack() throws Exception {
        HungConnection pooled = new HungConnection();
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMillis(50))) {
            Callable<String> call = bounded(deadline, () -> {
                StoreDeadline.track(pooled.connection);
                return "stored";
            });
            assertEquals(call.call(), "stored");
            // A later call's deadline passing proves the timer has run past the first call's deadline too.
            HungConnection other = new HungConnection();
            Callable<String> later = bounded(deadline, () -> {
                StoreDeadline.track(other.connection);
                other.block();
                return "never";
            });
            expectThrows(OutageKinds.DeadlinePassed.class, later::call);
        }
        assertEquals(pooled.aborts.get(), 0, "a connection back in the pool was aborted");
    }

    @Test
    public void aCommitThatMayHaveLandedStaysOutcomeUnknown() {
        HungConnection hung = new HungConnection();
        StoreOutcomeUnknownException unknown = new StoreOutcomeUnknownException(new SQLException("broken", "08006"));
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMillis(50))) {
            Callable<String> call = bounded(deadline, () -> {
                StoreDeadline.track(hung.connection);
                try {
                    hung.block();
                } catch (IllegalStateException broken) {
                    throw unknown; // what JpaTransactions makes of a commit cut off
                }
                return "never";
            });
            assertSame(expectThrows(StoreOutcomeUnknownException.class, call::call), unknown);
        }
    }

    /** Calls under way share one expiry task: a task each made every call take the timer queue's lock twice. */
    @Test
    public void callsUnderWayShareOneExpiryTask() throws Exception {
        int calls = 50;
        ExecutorService threads = Executors.newFixedThreadPool(calls);
        try (StoreDeadline deadline = new StoreDeadline(Duration.ofMinutes(1))) {
            CountDownLatch allUnderWay = new CountDownLatch(calls);
            CountDownLatch end = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                results.add(threads.submit(bounded(deadline, () -> {
                    allUnderWay.countDown();
                    end.await();
                    return "stored";
                })));
            }
            assertTrue(allUnderWay.await(30, TimeUnit.SECONDS), "the calls did not all begin");
            assertEquals(deadline.scheduledExpiries(), 1);
            end.countDown();
            for (Future<String> result : results) {
                assertEquals(result.get(30, TimeUnit.SECONDS), "stored");
            }
            assertEquals(deadline.scheduledExpiries(), 1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    public void noDeadlineIsNoBound() {
        assertTrue(StoreDeadline.NONE.bound().isZero());
    }
}
