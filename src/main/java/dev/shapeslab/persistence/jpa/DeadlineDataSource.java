package dev.shapeslab.persistence.jpa;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import dev.shapeslab.persistence.Backends;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The physical connections under HikariCP, each wrapped so that every call on it first ties it to the
 * store call of the calling thread ({@link StoreDeadline#track}), and opened so that the pool finds the
 * database as soon as it is back after an outage ({@link OutagePolling}). It sits below the pool, not above it,
 * because the first step that can hang is inside {@code getConnection}: Hikari checks a connection that has
 * been idle for a while with {@code isValid}, which on H2 is a round trip bounded only by the socket timeout
 * (H2 ignores the network timeout Hikari sets for it). Below the pool, that check is abortable too.
 *
 * <p>Hikari gives a connection back to its pool right after calling {@code clearWarnings} on it, on the
 * thread that borrowed it ({@code ProxyConnection.close}); that call unties it from the store call
 * ({@link StoreDeadline#release}). Statements are not wrapped: every statement comes from a connection call
 * ({@code prepareStatement}), which has tied the connection to the store call already. Hikari builds the driver's data source exactly as
 * it would itself ({@link DriverDataSource}, from the same URL, properties and credentials), so the
 * connections are the same; the URL stays set for what reports it (start-up log, info).
 */
final class DeadlineDataSource extends DelegatingDataSource {

    private final OutagePolling outagePolling;

    private DeadlineDataSource(DataSource driver, BooleanSupplier poolOpen) {
        super(driver);
        this.outagePolling = new OutagePolling(poolOpen);
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

    /** Puts the wrapper under Boot's HikariDataSource before its pool starts (it starts on first use). */
    @Configuration(proxyBeanMethods = false)
    @Profile(Backends.JDBC)
    static class Installer {

        @Bean
        static BeanPostProcessor deadlineDataSourceInstaller() {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    if (bean instanceof HikariDataSource hikari && hikari.getDataSource() == null
                            && hikari.getJdbcUrl() != null) {
                        hikari.setDataSource(new DeadlineDataSource(new DriverDataSource(hikari.getJdbcUrl(),
                                hikari.getDriverClassName(), hikari.getDataSourceProperties(),
                                hikari.getUsername(), hikari.getPassword()), () -> !hikari.isClosed()));
                    }
                    return bean;
                }
            };
        }
    }
}
