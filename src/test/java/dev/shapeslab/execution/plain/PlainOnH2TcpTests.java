package dev.shapeslab.execution.plain;

import dev.shapeslab.contract.CrudContractTests;
import java.sql.SQLException;
import org.h2.tools.Server;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The contract on the {@code h2} profile against a real H2 TCP server, started in this JVM on a free
 * loopback port (the build binds H2 to 127.0.0.1) with an in-memory database.
 */
@ActiveProfiles({"plain", "h2"})
public class PlainOnH2TcpTests extends CrudContractTests {

    static final Server H2 = startServer();

    @DynamicPropertySource
    static void h2Server(DynamicPropertyRegistry registry) {
        registry.add("shapes.h2.port", H2::getPort);
        registry.add("shapes.h2.database", () -> "mem:contract;DB_CLOSE_DELAY=-1");
        // sa with an empty password, not the one h2/loadtesth2.sh keeps in h2/data (the h2 profile imports it).
        registry.add("spring.datasource.password", () -> "");
    }

    private static Server startServer() {
        try {
            return Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-tcpDaemon").start();
        } catch (SQLException e) {
            throw new IllegalStateException("could not start the H2 TCP server", e);
        }
    }
}
