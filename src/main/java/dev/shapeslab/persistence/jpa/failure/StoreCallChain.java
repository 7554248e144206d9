package dev.shapeslab.persistence.jpa.failure;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.OutageBreaker;
import dev.shapeslab.persistence.StoreCallRecording;
import org.aopalliance.intercept.MethodInterceptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.ComposablePointcut;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.RootClassFilter;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The failure layer's one advice on every store, the outermost, its steps in the order the package-info draws. One
 * advice, not an advisor per step: the order makes them work, and post-processors' advisors follow no declared order.
 */
@Component
@ConditionalOnDeployment(store = {Store.JDBC_ON_H2, Store.JDBC_ON_PG})
class StoreCallChain extends AbstractBeanFactoryAwareAdvisingPostProcessor implements DisposableBean {

    /** After the call recording's, so that this chain ends up outside it. */
    static final int ORDER = StoreCallRecording.ORDER + 1;

    private static final Logger log = LoggerFactory.getLogger(StoreCallChain.class);

    private final StoreDeadline deadline;

    StoreCallChain(DatabaseTimeBounds bounds) {
        this.deadline = new StoreDeadline(bounds.requestTimeout());
        OutageBreaker breaker = OutageBreaker.of(bounds);
        this.advisor = new DefaultPointcutAdvisor(new ComposablePointcut(new RootClassFilter(EntityStore.class)),
                steps(breaker, deadline));
        setBeforeExistingAdvisors(true);
        setOrder(ORDER);
        log.info("Database time bounds ({}.*): {}", DatabaseTimeBounds.PREFIX, bounds.describeJdbc());
    }

    /** The chain as one interceptor: what the stores get, and what the tests call. */
    static MethodInterceptor steps(OutageBreaker breaker, StoreDeadline deadline) {
        return invocation -> breaker.guard(() -> StoreOutages.translate(() -> deadline.bound(invocation::proceed)));
    }

    @Override
    public void destroy() {
        deadline.close();
    }
}
