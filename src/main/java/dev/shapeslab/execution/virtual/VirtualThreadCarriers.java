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
 * Under {@code virtual}, one carrier more than processors for the JDK's virtual-thread scheduler, unless
 * {@code -Djdk.virtualThreadScheduler.parallelism} sets them. In JDK 25 a carrier keeps running the virtual threads
 * its own virtual threads wake, and the queue its last task came from, before it looks at another queue; the JVM's
 * unblocker wakes a monitor's next owner into a queue of its own, and with every carrier busy that thread waited
 * there past 10 s (JDK-8373118). An idle carrier is woken for a task in any queue. One spare, not more: each idle
 * carrier woken costs CPU (docs/notebook/2026-12-02-virtual-threads-a-carrier-to-spare.md). Set through the
 * scheduler's MXBean (JDK 24+), so it holds however the app starts.
 */
@Component
@ConditionalOnDeployment(variant = Variant.VIRTUAL)
class VirtualThreadCarriers {

    static final String PARALLELISM_PROPERTY = "jdk.virtualThreadScheduler.parallelism";
    static final int SPARE = 1;

    private static final Logger log = LoggerFactory.getLogger(VirtualThreadCarriers.class);

    VirtualThreadCarriers() throws JMException {
        int processors = Runtime.getRuntime().availableProcessors();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName scheduler = scheduler();
        if (!server.isRegistered(scheduler)) { // JDK 21 to 23, where a thread blocked on a monitor keeps its carrier
            log.info("Virtual threads: the JDK's scheduler as it is (Java {} has no {})", Runtime.version().feature(),
                    scheduler);
            return;
        }
        boolean given = System.getProperty(PARALLELISM_PROPERTY) != null;
        if (!given) {
            server.setAttribute(scheduler, new Attribute("Parallelism", processors + SPARE));
        }
        log.info("Virtual threads: {} carriers on {} processors ({})", server.getAttribute(scheduler, "Parallelism"),
                processors, given ? "-D" + PARALLELISM_PROPERTY : "one free to run a monitor's next owner");
    }

    /** The JDK's virtual-thread scheduler as a platform MXBean (JDK 24+). */
    static ObjectName scheduler() throws JMException {
        return new ObjectName("jdk.management:type=VirtualThreadScheduler");
    }
}
