package dev.shapeslab.execution.virtual;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import java.lang.management.ManagementFactory;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The carriers of the JDK's virtual-thread scheduler under {@code virtual}: two per processor, unless
 * {@code -Djdk.virtualThreadScheduler.parallelism} sets them.
 *
 * <p>Why more carriers than processors: in JDK 25 a carrier runs the virtual threads its own virtual threads wake
 * until none is left, and goes on taking tasks from the queue its last one came from while that queue has any. The
 * JVM's unblocker thread wakes the virtual thread that is to own a contended monitor next (H2 takes one for every row
 * a CHECK constraint checks) into a queue of its own, and while every carrier stayed busy with requests none went
 * there: a request waited past Gatling's 10 s, RUNNABLE and unmounted, while newer requests ran
 * (JDK-8373118; docs/notebook/2026-12-02-virtual-threads-a-carrier-to-spare.md). A carrier more than the busy ones
 * is idle, and an idle carrier is woken for a task submitted to any queue.
 *
 * <p>Set through the scheduler's MXBean (JDK 24+), so it holds however the app is started. JDK 21 to 23 have no
 * such MXBean, and there a virtual thread blocked on a monitor keeps its carrier instead.
 */
@Component
@ConditionalOnDeployment(variant = Variant.VIRTUAL)
class VirtualThreadCarriers {

    static final String PARALLELISM_PROPERTY = "jdk.virtualThreadScheduler.parallelism";
    static final int PER_PROCESSOR = 2;

    private static final Logger log = LoggerFactory.getLogger(VirtualThreadCarriers.class);

    VirtualThreadCarriers() {
        int processors = Runtime.getRuntime().availableProcessors();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName scheduler = scheduler();
        if (!server.isRegistered(scheduler)) {
            log.info("Virtual threads: the JDK's scheduler as it is (Java {} has no {} to set its carriers)",
                    Runtime.version().feature(), scheduler);
            return;
        }
        try {
            if (System.getProperty(PARALLELISM_PROPERTY) == null) {
                server.setAttribute(scheduler, new Attribute("Parallelism", PER_PROCESSOR * processors));
            }
            log.info("Virtual threads: {} carriers on {} processors ({})", server.getAttribute(scheduler, "Parallelism"),
                    processors, System.getProperty(PARALLELISM_PROPERTY) == null
                            ? PER_PROCESSOR + " per processor, so that one is free to run a monitor's next owner"
                            : "-D" + PARALLELISM_PROPERTY);
        } catch (JMException e) {
            throw new IllegalStateException("could not set the virtual-thread scheduler's carriers through "
                    + scheduler, e);
        }
    }

    /** The JDK's virtual-thread scheduler as a platform MXBean (JDK 24+). */
    static ObjectName scheduler() {
        try {
            return new ObjectName("jdk.management:type=VirtualThreadScheduler");
        } catch (JMException e) {
            throw new IllegalStateException(e);
        }
    }
}
