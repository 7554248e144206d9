package dev.shapeslab.persistence;

import java.util.concurrent.atomic.AtomicBoolean;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.RootClassFilter;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Records a {@link StoreCallEvent} around every call of every {@link EntityStore} (outside its transaction,
 * so a call's duration includes begin and commit). Costs next to nothing while no recording asks for the
 * event.
 *
 * <p>Right outside the store's transaction: it is applied after Spring's transaction proxy and before a
 * backend's own advice ({@link #ORDER}), each in front of the advisors already there, so a recorded call is the
 * store's work as it reached the database; a JPA call that the failure layer turned away at once is not one.
 */
@Component
public class StoreCallRecording extends AbstractBeanFactoryAwareAdvisingPostProcessor {

    /** Just before the last: a backend's advice applied after it wraps it (the JPA failure layer's chain). */
    public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 1;

    StoreCallRecording() {
        MethodInterceptor record = invocation -> {
            Recorded call = begin(((EntityStore<?>) invocation.getThis()).entityName(), invocation.getMethod().getName());
            String outcome = "ok";
            try {
                return invocation.proceed();
            } catch (RuntimeException failure) {
                outcome = failure.getClass().getSimpleName();
                throw failure;
            } finally {
                call.end(outcome);
            }
        };
        this.advisor = new DefaultPointcutAdvisor(new ComposablePointcut(new RootClassFilter(EntityStore.class)), record);
        setBeforeExistingAdvisors(true);
        setOrder(ORDER);
    }

    /**
     * Begins the {@link StoreCallEvent} of one call of {@code entity}'s store, {@code operation}: every backend's
     * recording, whatever its execution model (here around a blocking call; the non-blocking drivers' adapters, from a
     * subscription or a start to the end).
     */
    public static Recorded begin(String entity, String operation) {
        StoreCallEvent event = new StoreCallEvent();
        if (!event.isEnabled()) {
            return Recorded.OFF;
        }
        event.begin();
        return new Recorded(event, entity, operation);
    }

    /** A store call's event, begun; its first end commits it, on the thread that ends the call. */
    public static final class Recorded {

        static final Recorded OFF = new Recorded(null, null, null);

        private final StoreCallEvent event;
        private final String entity;
        private final String operation;
        private final AtomicBoolean ended = new AtomicBoolean();

        private Recorded(StoreCallEvent event, String entity, String operation) {
            this.event = event;
            this.entity = entity;
            this.operation = operation;
        }

        /** Whether a recording asks for the event: if not, the call need not be watched at all. */
        public boolean on() {
            return event != null;
        }

        /** Ends the call with {@code outcome}: "ok", "cancelled", or the failure's class name ({@link #failed}). */
        public void end(String outcome) {
            if (event == null || !ended.compareAndSet(false, true)) {
                return;
            }
            event.end();
            if (event.shouldCommit()) {
                event.entity = entity;
                event.operation = operation;
                event.outcome = outcome;
                event.commit();
            }
        }

        /** The outcome of a call that failed with {@code failure}. */
        public static String failed(Throwable failure) {
            return failure.getClass().getSimpleName();
        }
    }
}
