package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.execution.HttpTestSupport;
import jakarta.persistence.EntityManagerFactory;
import org.flywaydb.core.Flyway;
import javax.sql.DataSource;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * The stub backend measures the service without a database: none may start behind it. The context of the other tests
 * on {@code plain} and {@code stub} ({@code PlainOnStubTests}, the web tests).
 */
@ActiveProfiles({"plain", "stub"})
public class StubBackendStartsNoDatabaseTests extends HttpTestSupport {

    @Test
    public void noDataSourceConnectionPoolFlywayHibernateOrR2dbcIsStarted() {
        assertEquals(applicationContext.getBeanNamesForType(DataSource.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(EntityManagerFactory.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(Flyway.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(io.r2dbc.spi.ConnectionFactory.class).length, 0);
    }
}
