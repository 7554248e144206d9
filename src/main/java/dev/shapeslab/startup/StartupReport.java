package dev.shapeslab.startup;

import dev.shapeslab.deployment.Deployment;
import dev.shapeslab.deployment.Deployment.Backend;
import dev.shapeslab.deployment.Deployment.Server;
import dev.shapeslab.execution.ExecutionVariant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.event.EventListener;
import org.apache.catalina.util.ServerInfo;
import org.eclipse.jetty.util.Jetty;
import org.springframework.boot.jetty.JettyWebServer;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Says what is being measured: the execution variant, the server, the backend and where it is, and the JDK; in the
 * start-up log once the server is up, and at {@code /actuator/info} on the management port.
 */
@Component
class StartupReport implements InfoContributor {

    private static final Logger log = LoggerFactory.getLogger(StartupReport.class);

    private final ExecutionVariant variant;
    private final Environment environment;
    private final ApplicationContext context;

    StartupReport(ExecutionVariant variant, Environment environment, ApplicationContext context) {
        this.variant = variant;
        this.environment = environment;
        this.context = context;
    }

    @EventListener(ApplicationReadyEvent.class)
    void report() {
        log.info("Deployment: {}", Deployment.of(environment));
        log.info("Execution variant: {} ({}); Java {}", variant.name(), variant.threading(), Runtime.version());
        log.info("Server: {}", server());
        log.info("Backend: {}", backend());
        log.info("Serving on port {}; health, metrics and Prometheus on management port {}",
                environment.getProperty("local.server.port"), environment.getProperty("local.management.port",
                        environment.getProperty("management.server.port", "(the same)")));
    }

    @Override
    public void contribute(Info.Builder info) {
        Map<String, Object> lab = new LinkedHashMap<>();
        lab.put("variant", variant.name());
        lab.put("threading", variant.threading());
        lab.put("server", server());
        lab.put("backend", backend());
        lab.put("java", Runtime.version().toString());
        info.withDetail("shapes-lab", lab);
    }

    /**
     * The web server that serves the API: Tomcat or Jetty under the servlet variants (profile {@code jetty}),
     * Reactor Netty under {@code webflux}, Vert.x's own under {@code vertx} (no Spring web server).
     */
    String server() {
        WebServer server = context instanceof WebServerApplicationContext web ? web.getWebServer() : null;
        if (server instanceof TomcatWebServer) {
            return ServerInfo.getServerInfo().replace("Apache Tomcat/", "Tomcat ");
        }
        if (server instanceof JettyWebServer) {
            return "Jetty " + Jetty.VERSION;
        }
        if (server != null) {
            return server.getClass().getSimpleName().replace("WebServer", "");
        }
        return Deployment.of(environment).server() == Server.VERTX ? Server.VERTX.title() : "none";
    }

    private String backend() {
        Deployment deployment = Deployment.of(environment);
        return switch (deployment.store()) {
            case STUB -> "stub (in memory, no database), latency " + environment.getProperty("stub.latency", "0ms")
                    + " (mode " + environment.getProperty("stub.latency-mode", "auto") + ")";
            case R2DBC -> "PostgreSQL through R2DBC (r2dbc-postgresql, r2dbc-pool) at r2dbc:" + postgresql();
            case PG_CLIENT -> "PostgreSQL through the Vert.x PostgreSQL client (vertx-pg-client, on the variant's event "
                    + "loops; a pool of " + environment.getProperty("shapes.vertx.pg.pool.max-size") + " connections, "
                    + "pipelining limit " + environment.getProperty("shapes.vertx.pg.pipelining-limit") + ") at "
                    + postgresql();
            case JDBC_ON_H2, JDBC_ON_PG -> (deployment.backend() == Backend.PG ? "PostgreSQL"
                    : deployment.backend() == Backend.H2 ? "external H2 TCP server" : "embedded in-memory H2")
                    + " at " + withoutCredentials(environment.getProperty("spring.datasource.url")) + " as user "
                    + environment.getProperty("spring.datasource.username");
        };
    }

    private String postgresql() {
        return "postgresql://" + environment.getProperty("shapes.pg.host") + ":"
                + environment.getProperty("shapes.pg.port") + "/" + environment.getProperty("shapes.pg.database")
                + " as user " + environment.getProperty("spring.datasource.username");
    }

    /** The URL with any password in it (a PostgreSQL parameter or an H2 setting) masked. */
    static String withoutCredentials(String url) {
        return url == null ? null : PASSWORD_IN_URL.matcher(url).replaceAll("$1=***");
    }

    private static final Pattern PASSWORD_IN_URL = Pattern.compile("(?i)(password|pwd)=[^&;]*");
}
