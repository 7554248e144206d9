package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.EmbeddedContextTests;
import dev.shapeslab.domain.Circle;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.StoreCallRecording;
import java.util.ArrayList;
import java.util.List;
import org.aopalliance.aop.Advice;
import org.springframework.aop.Advisor;
import org.springframework.aop.framework.Advised;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.interceptor.TransactionInterceptor;
import org.testng.annotations.Test;

/**
 * A store call passes through the failure layer's chain, then the call recording, then the transaction, in that
 * order and in no other, whatever order Spring happened to create the post-processors in.
 */
public class StoreCallChainTests extends EmbeddedContextTests {

    @Autowired
    private EntityStore<Circle> circles;

    @Test
    public void theChainThenTheRecordingThenTheTransaction() {
        assertTrue(circles instanceof Advised, circles.getClass().getName());
        List<String> layers = new ArrayList<>();
        for (Advisor advisor : ((Advised) circles).getAdvisors()) {
            Advice advice = advisor.getAdvice();
            String name = advice.getClass().getName();
            if (name.startsWith(StoreCallRecording.class.getName())) {
                layers.add("recording");
            } else if (name.startsWith(StoreCallChain.class.getName())) {
                layers.add("failure chain");
            } else if (advice instanceof TransactionInterceptor) {
                layers.add("transaction");
            }
        }
        assertEquals(layers, List.of("failure chain", "recording", "transaction"));
    }
}
