package dev.shapeslab;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;

/**
 * One application context, shared, for the tests that call the app's beans directly: variant {@code plain} on the
 * embedded database, no web server. Its two settings are ones these tests look at and the others do not mind:
 * Hibernate's statistics (counted by {@code JpaDrawingStoreTests} and {@code HqlInterpretedAtStartTests}) and a
 * transaction timeout that is not Boot's default (kept by the stores' transaction manager, {@code JpaTransactionsTests};
 * the app sets none: a store call's deadline bounds it, far below these 7 s).
 */
@SpringBootTest(properties = {"spring.jpa.properties.hibernate.generate_statistics=true",
        "spring.transaction.default-timeout=7s"})
public abstract class EmbeddedContextTests extends AbstractTestNGSpringContextTests {
}
