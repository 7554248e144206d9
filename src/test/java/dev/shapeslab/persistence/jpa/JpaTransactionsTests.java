package dev.shapeslab.persistence.jpa;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;

import dev.shapeslab.EmbeddedContextTests;
import dev.shapeslab.persistence.EntityStore;
import dev.shapeslab.persistence.jpa.failure.JpaTransactions;
import java.lang.reflect.Method;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource;
import org.testng.annotations.Test;

/**
 * The stores' transaction manager replaces Boot's and keeps its settings (a transaction timeout is not one
 * the app sets: StoreDeadline bounds a whole store call; {@link EmbeddedContextTests} sets this one to see that it is
 * kept).
 */
public class JpaTransactionsTests extends EmbeddedContextTests {

    @Autowired
    private PlatformTransactionManager transactionManager;

    @Test
    public void itIsTheClosedConnectionTolerantOneWithTheConfiguredTimeout() {
        assertTrue(transactionManager instanceof JpaTransactions.ClosedConnectionTolerant, transactionManager.toString());
        assertEquals(((JpaTransactions.ClosedConnectionTolerant) transactionManager).getDefaultTimeout(), 7);
    }

    /** Named, Spring takes the manager from a cache; unnamed, it scans the store's class for a qualifier at every call. */
    @Test
    public void everyStoreMethodNamesTheManager() {
        assertSame(applicationContext.getBean(JpaTransactions.MANAGER), transactionManager);
        AnnotationTransactionAttributeSource attributes = new AnnotationTransactionAttributeSource();
        for (Class<?> store : List.of(JpaCircleStore.class, JpaRectangleStore.class, JpaDrawingStore.class,
                PostgresCircleStore.class, PostgresRectangleStore.class, PostgresDrawingStore.class)) {
            for (Method method : EntityStore.class.getMethods()) {
                assertEquals(attributes.getTransactionAttribute(method, store).getQualifier(), JpaTransactions.MANAGER,
                        store.getSimpleName() + "." + method.getName());
            }
        }
    }
}
