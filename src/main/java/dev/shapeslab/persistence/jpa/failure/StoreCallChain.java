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
 * The failure layer's one advice on every store of a database backend, the outermost, its steps in a fixed
 * order, outermost first:
 * <ol>
 * <li>{@link OutageBreaker}: while the database is known to be unreachable, fail at once;</li>
 * <li>{@link StoreOutages}: name a failure that says the database could not answer (503);</li>
 * <li>{@link StoreDeadline}: bound the whole call, aborting its connection when the time is up;</li>
 * </ol>
 * and then the call recording ({@link StoreCallRecording}), the store's own transaction (Spring's interceptor),
 * the store, and the pool.
 *
 * <p>Why one advice with its steps in code rather than an advisor per step: the order is what makes them work
 * (the breaker reads the kinds the translation names; the translation names the deadline's failure; both must
 * see a failed begin or commit, so they sit outside the transaction), and advisors added by post-processors
 * are ordered by the post-processors' order, which nothing declared. Each is added in front of the advisors
 * already there: Spring's transaction proxy comes first, then the call recording ({@link StoreCallRecording#ORDER}),
 * then this chain, which so ends up outermost. The recording stays what it was: the store's work as it reached
 * the database, without the calls failed fast here.
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
