package dev.shapeslab.persistence;

import static org.testng.Assert.assertEquals;

import jakarta.persistence.EntityManagerFactory;
import org.flywaydb.core.Flyway;
import javax.sql.DataSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.testng.AbstractTestNGSpringContextTests;
import org.testng.annotations.Test;

/** The stub backend measures the service without a database: none may start behind it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles({"plain", "stub"})
public class StubBackendStartsNoDatabaseTests extends AbstractTestNGSpringContextTests {

    @Test
    public void noDataSourceConnectionPoolFlywayHibernateOrR2dbcIsStarted() {
        assertEquals(applicationContext.getBeanNamesForType(DataSource.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(EntityManagerFactory.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(Flyway.class).length, 0);
        assertEquals(applicationContext.getBeanNamesForType(io.r2dbc.spi.ConnectionFactory.class).length, 0);
    }
}
