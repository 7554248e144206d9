package dev.shapeslab.web.jetty;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment;
import dev.shapeslab.web.admission.Admission;
import dev.shapeslab.web.admission.AdmissionSettings;
import dev.shapeslab.web.admission.JettyAdmission;
import dev.shapeslab.web.admission.RequestThreads;
import dev.shapeslab.web.admission.VirtualThreadStarts;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.jetty.ee11.webapp.AbstractConfiguration;
import org.eclipse.jetty.ee11.webapp.WebAppContext;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jetty.JettyServerCustomizer;
import org.springframework.boot.jetty.autoconfigure.JettyServerProperties;
import org.springframework.boot.jetty.metrics.JettyServerThreadPoolMetricsBinder;
import org.springframework.boot.jetty.autoconfigure.JettyWebServerConfiguration;
import org.springframework.boot.jetty.autoconfigure.servlet.JettyServletWebServerAutoConfiguration;
import org.springframework.boot.jetty.servlet.JettyServletWebServerFactory;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.RequestContextFilter;

/**
 * The servlet variants on Jetty (profile {@code jetty}): the web server factory, and what the service adds
 * to the server in front of Jersey, as {@code web.WebContainer} and {@code web.admission.TomcatAdmissionConfiguration}
 * add it to Tomcat: admission control ({@link JettyAdmission}) and problem+json for Jetty's own errors
 * ({@link ProblemErrorHandler}).
 *
 * <p>Both servers are on the classpath, and the jar runs either. Boot's Jetty servlet auto-configuration is excluded
 * (ShapesLabApplication): left in, it would create its Jetty factory before Tomcat's auto-configuration could create
 * Tomcat's (auto-configurations without an order run in the order of their names), whatever the profile. Under this
 * profile the factory is this class's bean, so Tomcat's auto-configuration backs off; Boot's Jetty settings
 * ({@code server.jetty.*}, and virtual threads under {@code spring.threads.virtual.enabled}) come from its
 * {@link JettyWebServerConfiguration}, imported here.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDeployment(server = Deployment.Server.JETTY)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties({AdmissionSettings.class, JettyServerProperties.class, JettySettings.class})
@Import(JettyWebServerConfiguration.class)
class JettyWeb {

    private static final Logger log = LoggerFactory.getLogger(JettyWeb.class);

    @Bean
    JettyAdmission jettyAdmission(AdmissionSettings settings,
            @Value("${spring.threads.virtual.enabled:false}") boolean virtualThreads, MeterRegistry registry) {
        JettyAdmission admission = new JettyAdmission(settings, virtualThreads);
        Admission.bindMetrics(admission, registry);
        return admission;
    }

    /**
     * Boot's factory as its auto-configuration builds it (with every {@link JettyServerCustomizer} bean), and then:
     * admission control around the servlet context, problem+json for the server's and the context's own errors and for
     * error responses left empty ({@link EmptyErrorBodies}), the rest of a body nobody read read before the connection
     * closes ({@link UnreadBodies}), and Tomcat's accept queue. Jetty accepts every client unless
     * {@code server.jetty.max-connections} says otherwise (Boot applies it); a bound must leave connections past the
     * requests admitted and waiting to answer 503 on.
     */
    @Bean
    JettyServletWebServerFactory jettyServletWebServerFactory(ObjectProvider<JettyServerCustomizer> customizers,
            JettyAdmission admission, AdmissionSettings settings,
            @Value("${server.jetty.max-connections:-1}") int maxConnections,
            @Value("${server.tomcat.accept-count}") int acceptQueue, JettySettings jetty) {
        if (maxConnections != -1 && maxConnections <= settings.maxHeld()) {
            throw new IllegalStateException("server.jetty.max-connections (" + maxConnections + ") must be above "
                    + "shapes.admission.max-in-flight and shapes.admission.max-queue together (" + settings.maxInFlight()
                    + " + " + settings.maxQueue() + "): a request past them is answered 503 on one of the connections "
                    + "beyond; with none, it would wait unanswered in the kernel's accept queue.");
        }
        JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
        factory.getServerCustomizers().addAll(customizers.orderedStream().toList());
        factory.addServerCustomizers(server -> {
            EmptyErrorBodies errorBodies = new EmptyErrorBodies();
            errorBodies.setHandler(server.getHandler());
            admission.setHandler(errorBodies);
            UnreadBodies unreadBodies = new UnreadBodies(); // outermost: admission's own 503s leave bodies unread too
            unreadBodies.setHandler(admission);
            server.setHandler(unreadBodies);
            server.setErrorHandler(new ProblemErrorHandler());
            for (Connector connector : server.getConnectors()) {
                if (connector instanceof ServerConnector network) {
                    network.setAcceptQueueSize(acceptQueue);
                }
                // Each connection's parser builds a cache of the header fields it has seen, as large as this
                // (HttpConfiguration's default, 1,024, costs about 100 KB of heap per open connection)
                HttpConnectionFactory http = connector.getConnectionFactory(HttpConnectionFactory.class);
                if (http != null) {
                    http.getHttpConfiguration().setHeaderCacheSize(jetty.headerCacheSize());
                }
            }
        });
        // After Boot's own configuration of the context, which sets its HTML error handler.
        factory.addConfigurations(new AbstractConfiguration(new AbstractConfiguration.Builder()) {
            @Override
            public void configure(WebAppContext context) {
                context.setErrorHandler(new ProblemErrorHandler());
            }
        });
        return factory;
    }

    /**
     * Under {@code plain} and {@code rxjava}, whose admitted requests each hold a request thread, a thread for every
     * one and more ({@link RequestThreads}).
     */
    @Bean
    @ConditionalOnDeployment(variant = {Deployment.Variant.PLAIN, Deployment.Variant.RXJAVA})
    @ConditionalOnThreading(Threading.PLATFORM)
    JettyServerCustomizer threadsForTheAdmitted(AdmissionSettings settings, Environment environment) {
        return server -> {
            if (server.getThreadPool() instanceof QueuedThreadPool pool) {
                pool.setMaxThreads(RequestThreads.poolSize(settings, environment, "server.jetty.threads.max",
                        pool.getMaxThreads()));
            }
        };
    }

    /**
     * Under {@code virtual}, only the requests run on virtual threads. Boot's Jetty runs every task of the server on a
     * new virtual thread ({@link VirtualThreadPool}): its selectors' loops, each connection's reads and writes, and the
     * request's handling. Here Jetty's own tasks keep a small pool of platform threads ({@code server.jetty.threads.*})
     * and each request admitted goes through the servlet container on a new virtual thread: admission, non-blocking,
     * is called on Jetty's platform threads and hands it on ({@link JettyAdmission}). Those
     * threads start through {@link VirtualThreadStarts}, as Tomcat's do (why, and how many:
     * {@link VirtualThreadStarts#maxRunning}). Runs after Boot's own customizer, which sets its virtual pool.
     */
    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    @ConditionalOnThreading(Threading.VIRTUAL)
    WebServerFactoryCustomizer<JettyServletWebServerFactory> requestsOnVirtualThreads(AdmissionSettings settings,
            JettyServerProperties properties) {
        int maxRunning = VirtualThreadStarts.maxRunning(settings);
        JettyServerProperties.Threads threads = properties.getThreads();
        return factory -> {
            QueuedThreadPool pool = new QueuedThreadPool(threads.getMax(), threads.getMin(),
                    (int) threads.getIdleTimeout().toMillis());
            pool.setName("jetty"); // its threads: jetty-<n>
            pool.setVirtualThreadsExecutor(new VirtualThreadStarts(
                    VirtualThreads.getNamedVirtualThreadsExecutor("jetty-request-"), maxRunning));
            factory.setThreadPool(pool);
            log.info("Virtual threads: at most {} requests run at once, the rest wait for a start in arrival order; "
                    + "Jetty's own tasks on up to {} platform threads", maxRunning, threads.getMax());
        };
    }

    /**
     * The management server (actuator, on its own port) on Jetty too. Boot's Jetty and Tomcat auto-configurations
     * each define this bean under the same name, so both are excluded (ShapesLabApplication); Tomcat's is
     * {@code web.WebContainer}'s.
     */
    @Bean
    @ConditionalOnManagementPort(ManagementPortType.DIFFERENT)
    static ManagementContextFactory servletWebChildContextFactory() {
        return new ManagementContextFactory(WebApplicationType.SERVLET, ServletWebServerFactory.class,
                JettyServletWebServerAutoConfiguration.class);
    }

    /**
     * Jetty's thread pool as {@code jetty.threads.*} gauges (under {@code virtual}, the platform threads of Jetty's own tasks), the counterpart of
     * Tomcat's {@code tomcat.threads.*}; Boot's other Jetty metrics, which time every request on the connector, are
     * off (ShapesLabApplication).
     */
    @Bean
    JettyServerThreadPoolMetricsBinder jettyServerThreadPoolMetricsBinder(MeterRegistry registry) {
        return new JettyServerThreadPoolMetricsBinder(registry);
    }

    /** No RequestContextFilter, as under Tomcat ({@code web.WebContainer}): the service has no request-scoped bean. */
    @Bean
    FilterRegistrationBean<RequestContextFilter> requestContextFilter() {
        FilterRegistrationBean<RequestContextFilter> none = new FilterRegistrationBean<>(new RequestContextFilter());
        none.setEnabled(false);
        return none;
    }
}
