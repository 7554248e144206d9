package dev.shapeslab.persistence;

import dev.shapeslab.Prerequisite;
import dev.shapeslab.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The PostgreSQL database of the {@code pg} tests: by default database {@code shapes_test} of the cluster that
 * {@code pg/loadtestpg.sh} starts (127.0.0.1:55432, role {@code shapes}, the password from
 * {@code pg/data/secrets/}), never the app's {@code shapes}. The same properties as the app's point it
 * elsewhere ({@code -Dshapes.pg.host}, {@code -Dshapes.pg.port}, {@code -Dshapes.pg.secrets-dir},
 * {@code -Dspring.datasource.username}, {@code -Dspring.datasource.password}), and {@code -Dpg.tests.database}
 * names the database. Its tables are dropped once per test run, before the first Spring context on it starts,
 * so that Flyway migrates it from scratch. Surefire runs the suite in two JVMs: the first to reach the database
 * holds an advisory lock on it until it exits, and the other waits for it here, so that neither drops the
 * tables under the other's contexts.
 *
 * <p>When no PostgreSQL answers there, the {@code pg} tests ({@code @Requires(PostgresTestDatabase.Reachable.class)})
 * skip, before their Spring context loads, with a message that says how to start one, unless
 * {@code -Dpg.tests.required=true} (as {@code .ci/run} passes): then they fail.
 */
public final class PostgresTestDatabase {

    public static final String HOST = System.getProperty("shapes.pg.host", "127.0.0.1");
    public static final int PORT = Integer.getInteger("shapes.pg.port", 55432);
    public static final String DATABASE = System.getProperty("pg.tests.database", "shapes_test");
    public static final String USER = System.getProperty("spring.datasource.username", "shapes");
    private static final String SECRETS_DIR = System.getProperty("shapes.pg.secrets-dir", "pg/data/secrets/");
    private static final String PASSWORD = password();

    /** The session whose advisory lock makes this JVM the one on the test database; open until the JVM exits. */
    private static Connection owner;

    /** Why the tests cannot run on PostgreSQL, if they cannot; decided once per JVM. */
    private static final Optional<String> UNAVAILABLE = prepare();

    private PostgresTestDatabase() {
    }

    /** What the {@code pg} tests {@link Requires}: a PostgreSQL that answers, its tables dropped for this run. */
    public static final class Reachable implements Prerequisite {

        @Override
        public Optional<String> missing() {
            return UNAVAILABLE;
        }

        @Override
        public String requiredProperty() {
            return "pg.tests.required";
        }
    }

    /** Points the {@code pg} profile at the test database, on {@code port} (the server's, or a proxy's). */
    public static void register(DynamicPropertyRegistry registry, int port) {
        registry.add("shapes.pg.host", () -> HOST);
        registry.add("shapes.pg.port", () -> port);
        registry.add("shapes.pg.database", () -> DATABASE);
        registry.add("spring.datasource.username", () -> USER);
        registry.add("spring.datasource.password", () -> PASSWORD);
    }

    /** A connection straight to the test database (not through a test's proxy). */
    public static Connection connect() throws SQLException {
        return open("socketTimeout=10&ApplicationName=shapes-lab-tests");
    }

    private static Connection open(String options) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + HOST + ":" + PORT + "/" + DATABASE
                + "?connectTimeout=2&" + options, USER, PASSWORD);
    }

    private static Optional<String> prepare() {
        String where = "at " + HOST + ":" + PORT + "/" + DATABASE + " as " + USER;
        try {
            owner = lockedForThisJvm(); // first: the session that drops the tables must not wait idle meanwhile
        } catch (SQLException e) {
            return unavailable(where, e);
        }
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            // What Flyway and the tests create: the run starts from an empty schema.
            statement.execute("drop table if exists shape, drawing, flyway_schema_history cascade");
            statement.execute("drop sequence if exists shape_seq, drawing_seq");
            return Optional.empty();
        } catch (SQLException e) {
            return unavailable(where, e);
        }
    }

    private static Optional<String> unavailable(String where, SQLException e) {
        String message = "no PostgreSQL for the pg tests " + where + " (" + e.getMessage().lines().findFirst().orElse("")
                + "). Start one with pg/loadtestpg.sh, or point the tests at yours with -Dshapes.pg.host,"
                + " -Dshapes.pg.port, -Dpg.tests.database, -Dspring.datasource.username and"
                + " -Dspring.datasource.password; -Dpg.tests.required=true fails instead of skipping";
        System.err.println("[pg tests] " + message);
        return Optional.of(message);
    }

    /**
     * A session that holds the test database's advisory lock, taken once the other JVM's session (if any) ends. It
     * has no socket timeout: the wait lasts as long as the other JVM's tests.
     */
    private static Connection lockedForThisJvm() throws SQLException {
        Connection connection = open("ApplicationName=shapes-lab-tests-lock");
        try (Statement statement = connection.createStatement()) {
            statement.execute("select pg_advisory_lock(hashtext('shapes-lab tests'))");
            return connection;
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    private static String password() {
        String password = System.getProperty("spring.datasource.password", System.getenv("SPRING_DATASOURCE_PASSWORD"));
        if (password != null) {
            return password;
        }
        Path file = Path.of(SECRETS_DIR, "spring.datasource.password");
        try {
            return Files.isReadable(file) ? Files.readString(file).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }
}
