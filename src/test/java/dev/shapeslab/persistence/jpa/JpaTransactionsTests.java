package dev.shapeslab.persistence.jpa;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;
import org.springframework.transaction.PlatformTransactionManager;
import org.testng.annotations.Test;

/**
 * The stores' transaction manager replaces Boot's and keeps its settings (a transaction timeout is not one
 * the app sets: StoreDeadline bounds a whole store call; this one is set here to see that it is kept).
 */
@SpringBootTest(properties = "spring.transaction.default-timeout=7s")
public class JpaTransactionsTests extends AbstractTestNGSpringContextTests {

    @Autowired
    private PlatformTransactionManager transactionManager;

    @Test
    public void itIsTheClosedConnectionTolerantOneWithTheConfiguredTimeout() {
        assertTrue(transactionManager instanceof JpaTransactions.ClosedConnectionTolerant, transactionManager.toString());
        assertEquals(((JpaTransactions.ClosedConnectionTolerant) transactionManager).getDefaultTimeout(), 7);
    }
}
