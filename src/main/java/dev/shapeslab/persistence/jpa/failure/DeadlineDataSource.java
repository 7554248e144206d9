package dev.shapeslab.persistence.jpa.failure;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.persistence.DatabaseTimeBounds;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The physical connections under HikariCP, each call on one first tying it to the thread's store call
 * ({@link StoreDeadline#track}); opened through {@link OutagePolling}. Below the pool, because Hikari's {@code isValid}
 * check inside {@code getConnection} can hang too; its {@code clearWarnings} unties a connection it takes back.
 */
final class DeadlineDataSource extends DelegatingDataSource {

    private final OutagePolling outagePolling;

    private DeadlineDataSource(DataSource driver, OutagePolling outagePolling) {
        super(driver);
        this.outagePolling = outagePolling;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return tracked(outagePolling.open(super::getConnection));
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return tracked(outagePolling.open(() -> super.getConnection(username, password)));
    }

    private static Connection tracked(Connection physical) {
        return (Connection) Proxy.newProxyInstance(DeadlineDataSource.class.getClassLoader(),
                new Class<?>[] {Connection.class}, new Tracking(physical));
    }

    private record Tracking(Connection physical) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            switch (method.getName()) {
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "tracked " + physical;
                default:
                    StoreDeadline.track(physical);
            }
            try {
                return method.invoke(physical, args);
            } catch (InvocationTargetException failure) {
                throw failure.getCause();
            } finally {
                if (method.getName().equals("clearWarnings")) {
                    StoreDeadline.release(physical); // the pool's last call before it takes the connection back
                }
            }
        }
    }

    /**
     * Puts the wrapper under Boot's HikariDataSource before its pool starts and hands the pool and the driver their
     * bounds. A bound set in its old place (Hikari's property, the URL) would be silently overridden: it stops the start.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnDeployment(store = {Store.JDBC_ON_H2, Store.JDBC_ON_PG})
    @EnableConfigurationProperties(DatabaseTimeBounds.class)
    static class Installer {

        /** Settings that {@link DatabaseTimeBounds} now holds, by where they used to be set. */
        static final Map<String, String> MOVED = Map.of(
                "spring.datasource.hikari.connection-timeout", "connection-timeout",
                "spring.datasource.hikari.validation-timeout", "validation-timeout");

        /** Driver settings (in a URL or as a driver property) that {@link DatabaseTimeBounds} now holds. */
        private static final Pattern BOUND_IN_URL =
                Pattern.compile("(?i)[;?&](NETWORK_TIMEOUT|socketTimeout|connectTimeout)=");

        @Bean
        static BeanPostProcessor deadlineDataSourceInstaller(Environment environment,
                                                             ObjectProvider<DatabaseTimeBounds> bounds) {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    if (bean instanceof HikariDataSource hikari && hikari.getDataSource() == null
                            && hikari.getJdbcUrl() != null) {
                        install(hikari, bounds.getObject(), environment);
                    }
                    return bean;
                }
            };
        }

        static void install(HikariDataSource hikari, DatabaseTimeBounds bounds, Environment environment) {
            MOVED.forEach((old, now) -> {
                if (environment.containsProperty(old)) {
                    throw new IllegalStateException(old + " is set; set " + DatabaseTimeBounds.PREFIX + "." + now
                            + " instead (it is applied to the pool from there)");
                }
            });
            Matcher inUrl = BOUND_IN_URL.matcher(hikari.getJdbcUrl());
            if (inUrl.find()) {
                throw new IllegalStateException("the JDBC URL sets " + inUrl.group(1) + "; set "
                        + DatabaseTimeBounds.PREFIX + ".socket-timeout or .connect-timeout instead");
            }
            hikari.setConnectionTimeout(bounds.connectionTimeout().toMillis());
            hikari.setValidationTimeout(bounds.validationTimeout().toMillis());
            driverProperties(hikari.getJdbcUrl(), bounds).forEach(hikari::addDataSourceProperty);
            hikari.setDataSource(new DeadlineDataSource(new DriverDataSource(hikari.getJdbcUrl(),
                    hikari.getDriverClassName(), hikari.getDataSourceProperties(), hikari.getUsername(),
                    hikari.getPassword()), new OutagePolling(bounds.outagePoll(), bounds.outagePollLimit(),
                    () -> !hikari.isClosed())));
        }

        /**
         * The driver's own timeouts: H2's {@code NETWORK_TIMEOUT} (it ignores {@code setNetworkTimeout}), PostgreSQL's
         * {@code socketTimeout} and {@code connectTimeout} in whole seconds. Embedded H2 has no socket.
         */
        static Map<String, String> driverProperties(String url, DatabaseTimeBounds bounds) {
            if (url.startsWith("jdbc:h2:tcp:") || url.startsWith("jdbc:h2:ssl:")) {
                return Map.of("NETWORK_TIMEOUT", Long.toString(bounds.socketTimeout().toMillis()));
            }
            if (url.startsWith("jdbc:postgresql:")) {
                return Map.of("socketTimeout", seconds(bounds.socketTimeout()),
                        "connectTimeout", seconds(bounds.connectTimeout()));
            }
            return Map.of();
        }

        private static String seconds(Duration duration) {
            return Long.toString((duration.toMillis() + 999) / 1000);
        }
    }
}
