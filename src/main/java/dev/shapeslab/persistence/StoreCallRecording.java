package dev.shapeslab.persistence;

import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.RootClassFilter;
import org.springframework.stereotype.Component;

/**
 * Records a {@link StoreCallEvent} around every call of every {@link EntityStore} (outside its transaction,
 * so a call's duration includes begin and commit). Costs next to nothing while no recording asks for the
 * event.
 */
@Component
class StoreCallRecording extends AbstractBeanFactoryAwareAdvisingPostProcessor {

    StoreCallRecording() {
        MethodInterceptor record = invocation -> {
            StoreCallEvent event = new StoreCallEvent();
            if (!event.isEnabled()) {
                return invocation.proceed();
            }
            event.begin();
            String outcome = "ok";
            try {
                return invocation.proceed();
            } catch (RuntimeException failure) {
                outcome = failure.getClass().getSimpleName();
                throw failure;
            } finally {
                event.end();
                if (event.shouldCommit()) {
                    event.entity = ((EntityStore<?>) invocation.getThis()).entityName();
                    event.operation = invocation.getMethod().getName();
                    event.outcome = outcome;
                    event.commit();
                }
            }
        };
        this.advisor = new DefaultPointcutAdvisor(new ComposablePointcut(new RootClassFilter(EntityStore.class)), record);
        setBeforeExistingAdvisors(true);
    }
}
