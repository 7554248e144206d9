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
 * Records a {@link StoreCallEvent} around every store call, right outside its transaction ({@link #ORDER}): the
 * store's work as it reached the database. Costs next to nothing while no recording asks for the event.
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

    /** Begins the event of one call of {@code entity}'s store, {@code operation}, on any backend and execution model. */
    public static Recorded begin(String entity, String operation) {
        StoreCallEvent event = new StoreCallEvent();
        if (!event.isEnabled()) {
            return Recorded.OFF;
        }
        event.begin();
        return new Recorded(event, entity, operation);
    }

    /** A store call's event, begun; its first end commits it, on the thread that ends the call. */
    public record Recorded(StoreCallEvent event, String entity, String operation, AtomicBoolean ended) {

        static final Recorded OFF = new Recorded(null, null, null);

        Recorded(StoreCallEvent event, String entity, String operation) {
            this(event, entity, operation, new AtomicBoolean(event == null));
        }

        /** Ends the call with {@code outcome}: "ok", "cancelled", or the failure's class name. */
        public void end(String outcome) {
            if (ended.compareAndSet(false, true)) {
                event.end();
                if (event.shouldCommit()) {
                    event.entity = entity;
                    event.operation = operation;
                    event.outcome = outcome;
                    event.commit();
                }
            }
        }
    }
}
