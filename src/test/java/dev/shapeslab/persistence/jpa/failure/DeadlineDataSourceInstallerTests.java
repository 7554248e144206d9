package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import com.zaxxer.hikari.HikariDataSource;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * The JDBC pool and driver get their time bounds from {@link DatabaseTimeBounds} (checked as the app starts,
 * DatabaseTimeBoundsTests); their old places (Hikari's properties, the JDBC URL) stop the start.
 */
public class DeadlineDataSourceInstallerTests {

    private static DatabaseTimeBounds bind(Map<String, String> properties) {
        return new Binder(new MapConfigurationPropertySource(properties))
                .bindOrCreate(DatabaseTimeBounds.PREFIX, DatabaseTimeBounds.class);
    }

    @Test
    public void thePoolAndTheDriverGetTheirBoundsFromHere() {
        DatabaseTimeBounds bounds = bind(Map.of("shapes.database.socket-timeout", "120s",
                "shapes.database.connection-timeout", "400ms", "shapes.database.connect-timeout", "1500ms"));
        HikariDataSource postgres = hikari("jdbc:postgresql://127.0.0.1:1/none?ApplicationName=x");
        DeadlineDataSource.Installer.install(postgres, bounds, new MockEnvironment());
        assertEquals(postgres.getConnectionTimeout(), 400);
        assertEquals(postgres.getValidationTimeout(), 250);
        assertEquals(postgres.getDataSourceProperties().getProperty("socketTimeout"), "120");
        assertEquals(postgres.getDataSourceProperties().getProperty("connectTimeout"), "2", "rounded up");
        assertTrue(postgres.getDataSource() instanceof DeadlineDataSource);

        HikariDataSource h2 = hikari("jdbc:h2:tcp://127.0.0.1:1/./none;WRITE_DELAY=0");
        DeadlineDataSource.Installer.install(h2, bounds, new MockEnvironment());
        assertEquals(h2.getDataSourceProperties().getProperty("NETWORK_TIMEOUT"), "120000");

        HikariDataSource embedded = hikari("jdbc:h2:mem:none");
        DeadlineDataSource.Installer.install(embedded, bounds, new MockEnvironment());
        assertTrue(embedded.getDataSourceProperties().isEmpty(), "an embedded database has no socket");
    }

    @Test
    public void aBoundSetInItsOldPlaceStopsTheStart() {
        DatabaseTimeBounds bounds = DatabaseTimeBounds.defaults();
        expectThrows(IllegalStateException.class, () -> DeadlineDataSource.Installer.install(
                hikari("jdbc:h2:tcp://127.0.0.1:1/./none;NETWORK_TIMEOUT=3000"), bounds, new MockEnvironment()));
        expectThrows(IllegalStateException.class, () -> DeadlineDataSource.Installer.install(
                hikari("jdbc:postgresql://127.0.0.1:1/none?socketTimeout=3"), bounds, new MockEnvironment()));
        expectThrows(IllegalStateException.class, () -> DeadlineDataSource.Installer.install(
                hikari("jdbc:h2:mem:none"), bounds,
                new MockEnvironment().withProperty("spring.datasource.hikari.connection-timeout", "500")));
    }

    private static HikariDataSource hikari(String url) {
        HikariDataSource hikari = new HikariDataSource();
        hikari.setJdbcUrl(url);
        return hikari;
    }
}
