package dev.shapeslab.persistence.pgclient;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import dev.shapeslab.persistence.PostgresAddress;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Vert.x PostgreSQL client's pool for {@code pg} under {@code vertx}, on the variant's Vert.x instance, so a query
 * comes back on its request's event loop; prepared statements cached per connection, so a prepare holds up no pipeline.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(store = Store.PG_CLIENT)
@EnableConfigurationProperties({DatabaseTimeBounds.class, PostgresAddress.class, PgClientSettings.class})
class PgClientPool {

    private static final Logger log = LoggerFactory.getLogger(PgClientPool.class);

    static final String APPLICATION_NAME = "shapes-lab-vertx-pg";
    static final String POOL_NAME = "shapes-vertx-pg";

    @Bean(destroyMethod = "close")
    Pool vertxPgPool(Vertx vertx, DatabaseTimeBounds bounds, PostgresAddress address, PgClientSettings settings,
                     @Value("${spring.datasource.username}") String username,
                     @Value("${spring.datasource.password:}") String password) {
        int maxSize = settings.pool().maxSize();
        int maxWaitQueue = settings.pool().maxWaitQueue();
        Pool pool = PgBuilder.pool()
                .with(poolOptions(bounds, maxSize, maxWaitQueue))
                .with(new NetClientOptions().setConnectTimeout((int) bounds.connectTimeout().toMillis()))
                .connectingTo(connectOptions(address.host(), address.port(), address.database(), username, password,
                        settings.pipeliningLimit()))
                .using(vertx)
                .build();
        log.info("PostgreSQL through the Vert.x PostgreSQL client at {}:{}/{} as user {}: a pool of {} connections on "
                + "the vertx variant's event loops, up to {} store calls waiting for one, pipelining up to {} statements "
                + "per connection", address.host(), address.port(), address.database(), username, maxSize, maxWaitQueue,
                settings.pipeliningLimit());
        return pool;
    }

    static PgConnectOptions connectOptions(String host, int port, String database, String username, String password,
                                           int pipeliningLimit) {
        Map<String, String> properties = new HashMap<>(PgConnectOptions.DEFAULT_PROPERTIES);
        properties.put("application_name", APPLICATION_NAME); // shows the app in pg_stat_activity
        return new PgConnectOptions()
                .setHost(host).setPort(port).setDatabase(database).setUser(username).setPassword(password)
                .setPipeliningLimit(pipeliningLimit)
                .setCachePreparedStatements(true)
                .setReconnectAttempts(0) // a refused connection is an outage now, not after retries
                .setProperties(properties);
    }

    static PoolOptions poolOptions(DatabaseTimeBounds bounds, int maxSize, int maxWaitQueue) {
        return new PoolOptions()
                .setName(POOL_NAME)
                .setMaxSize(maxSize)
                .setMaxWaitQueueSize(maxWaitQueue)
                // Each store call's own bound ends its wait first (PgClientCalls); the pool's, a little later, only
                // takes out of its queue the waits of calls that have already given up.
                .setConnectionTimeout((int) bounds.requestTimeout().toMillis() + 1000)
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
                // 0: a connection is opened on the event loop of the call that asks for it (Vert.x's default).
                .setEventLoopSize(0);
    }

    /**
     * The pool's state as gauges ({@code vertx.pg.pool.*}, tag {@code name}): store calls holding a connection and
     * waiting for one (where a crowd waits here), connections open, and the bounds.
     */
    @Bean
    MeterBinder vertxPgPoolMetrics(Pool pool, PgClientCalls calls, PgClientSettings settings) {
        int maxSize = settings.pool().maxSize();
        int maxWaitQueue = settings.pool().maxWaitQueue();
        return registry -> {
            Gauge.builder("vertx.pg.pool.acquired", calls, PgClientCalls::holding).tag("name", POOL_NAME)
                    .description("Store calls holding a connection").register(registry);
            Gauge.builder("vertx.pg.pool.pending", calls, PgClientCalls::waiting).tag("name", POOL_NAME)
                    .description("Store calls waiting for a connection").register(registry);
            Gauge.builder("vertx.pg.pool.size", pool, Pool::size).tag("name", POOL_NAME)
                    .description("Connections open").register(registry);
            Gauge.builder("vertx.pg.pool.max.size", () -> maxSize).tag("name", POOL_NAME).register(registry);
            Gauge.builder("vertx.pg.pool.max.pending", () -> maxWaitQueue).tag("name", POOL_NAME).register(registry);
        };
    }
}
