package dev.shapeslab.persistence.r2dbc;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.PostgresAddress;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.r2dbc.pool.PoolMetrics;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import reactor.netty.resources.LoopResources;

/**
 * r2dbc-postgresql and r2dbc-pool for the r2dbc backend, built here because Boot's R2DBC auto-configuration would try
 * to create a connection factory under every other backend too. Connections are checked by their socket only.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(store = Store.R2DBC)
@EnableConfigurationProperties({DatabaseTimeBounds.class, PostgresAddress.class, R2dbcPoolSettings.class})
class R2dbcConnections {

    static final String LOOP_THREADS = "r2dbc-pg";

    /** Where the driver's connect timeout used to be set for this backend alone; now shapes.database.connect-timeout. */
    static final String MOVED_CONNECT_TIMEOUT = "shapes.r2dbc.connect-timeout";

    @Bean(destroyMethod = "dispose")
    LoopResources r2dbcLoops() {
        return LoopResources.create(LOOP_THREADS, Math.max(2, Runtime.getRuntime().availableProcessors()), true);
    }

    @Bean(destroyMethod = "dispose")
    ConnectionPool r2dbcConnectionPool(LoopResources loops, DatabaseTimeBounds bounds, Environment environment,
                                       PostgresAddress address, R2dbcPoolSettings settings,
                                       @Value("${spring.datasource.username}") String username,
                                       @Value("${spring.datasource.password:}") String password) {
        refuseMovedSettings(environment);
        PostgresqlConnectionFactory driver = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host(address.host()).port(address.port()).database(address.database()).username(username).password(password)
                .applicationName("shapes-lab-r2dbc")
                .connectTimeout(bounds.connectTimeout())
                // Results in binary, as the Vert.x client asks for them: parsing each row's timestamp from text took
                // most of the driver's event loops, which also run the calls' connections (docs/results.md, R2DBC).
                .forceBinary(true)
                .loopResources(loops)
                .build());
        return new ConnectionPool(ConnectionPoolConfiguration.builder(driver)
                .name("shapes-r2dbc")
                .initialSize(0)
                .maxSize(settings.maxSize())
                // A hung server accepts the connection and never finishes the handshake: the pool gives up on it
                // rather than keep the slot. The store calls waiting for it end at their own deadline first.
                .maxCreateConnectionTime(bounds.requestTimeout())
                // Acquisition retries once by default, which could double a caller's wait; each call has one bound.
                .acquireRetry(0)
                // A connection a deadline aborted never goes back into use, whatever its socket says.
                .preRelease(StoreCalls::refuseAborted)
                .customizer(pool -> pool.maxPendingAcquire(settings.maxPending()))
                .build());
    }

    /** A time bound set in its old place would be ignored silently: it stops the start instead, naming the new one. */
    static void refuseMovedSettings(Environment environment) {
        if (environment.containsProperty(MOVED_CONNECT_TIMEOUT)) {
            throw new IllegalStateException(MOVED_CONNECT_TIMEOUT + " is set; set " + DatabaseTimeBounds.PREFIX
                    + ".connect-timeout instead (one set of database time bounds for every backend)");
        }
    }

    /**
     * The pool's state as gauges, under the names Boot gives them ({@code r2dbc.pool.*}, tag {@code name}):
     * connections in use, open, idle, and store calls waiting for one, the last of which is where a crowd waits here.
     */
    @Bean
    MeterBinder r2dbcPoolMetrics(ConnectionPool pool) {
        Map<String, ToIntFunction<PoolMetrics>> gauges = Map.of(
                "acquired", PoolMetrics::acquiredSize, "allocated", PoolMetrics::allocatedSize,
                "idle", PoolMetrics::idleSize, "pending", PoolMetrics::pendingAcquireSize,
                "max.allocated", PoolMetrics::getMaxAllocatedSize, "max.pending", PoolMetrics::getMaxPendingAcquireSize);
        return registry -> gauges.forEach((name, value) -> Gauge.builder("r2dbc.pool." + name, pool,
                        measured -> measured.getMetrics().map(value::applyAsInt).orElse(0))
                .tag("name", "shapes-r2dbc").register(registry));
    }
}
