package dev.shapeslab.bench;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a fault drill left in the database, read over JDBC after the drill: the numbers of the drill's
 * colours ({@code drill-<n>}) in table {@code shape}. The harness runs on the compiled classes alone, so
 * the JDBC driver (H2's, or PostgreSQL's) is loaded from its jar on the project's test classpath
 * ({@code compare.sh} writes it to {@code target/bench-classpath.txt}; {@code h2/loadtesth2.sh} to
 * {@code target/h2.classpath}).
 *
 * <p>Credentials: those the server's script keeps under the data directory
 * ({@code secrets/spring.datasource.username}, {@code secrets/spring.datasource.password}) when they exist,
 * else {@code sa} with an empty password for H2 and {@code shapes} for PostgreSQL (the role
 * {@code pg/loadtestpg.sh} creates).
 */
final class StoredRows {

    private StoredRows() {
    }

    /** From the H2 TCP server on {@code port}, database {@code ./shapes}. */
    static List<Long> drillNumbers(List<Path> classpathFiles, int port, Path dataDir) throws IOException, SQLException {
        return drillNumbers(classpathFiles, "h2-[0-9.]+\\.jar", "org.h2.Driver", "jdbc:h2:tcp://127.0.0.1:" + port + "/./shapes",
                secret(dataDir, "spring.datasource.username", "sa"), secret(dataDir, "spring.datasource.password", ""));
    }

    /** From the PostgreSQL cluster of {@code pg/loadtestpg.sh} on {@code port}, database {@code shapes}. */
    static List<Long> drillNumbersPostgres(List<Path> classpathFiles, int port, Path dataDir) throws IOException, SQLException {
        return drillNumbers(classpathFiles, "postgresql-[0-9.]+\\.jar", "org.postgresql.Driver",
                "jdbc:postgresql://127.0.0.1:" + port + "/shapes", secret(dataDir, "spring.datasource.username", "shapes"),
                secret(dataDir, "spring.datasource.password", ""));
    }

    private static List<Long> drillNumbers(List<Path> classpathFiles, String jarPattern, String driverClass, String url,
                                           String user, String password) throws IOException, SQLException {
        Path jar = jar(classpathFiles, jarPattern);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, StoredRows.class.getClassLoader())) {
            Driver driver = (Driver) Class.forName(driverClass, true, loader).getDeclaredConstructor().newInstance();
            Properties credentials = new Properties();
            credentials.setProperty("user", user);
            credentials.setProperty("password", password);
            List<Long> numbers = new ArrayList<>();
            try (Connection c = driver.connect(url, credentials);
                 Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT colour FROM shape WHERE colour LIKE '"
                         + DrillLoad.COLOUR_PREFIX + "%'")) {
                while (rows.next()) {
                    numbers.add(Long.parseLong(rows.getString(1).substring(DrillLoad.COLOUR_PREFIX.length())));
                }
            }
            return numbers;
        } catch (ReflectiveOperationException e) {
            throw new IOException("cannot load " + driverClass + " from " + jar + ": " + e, e);
        }
    }

    static String secret(Path dataDir, String name, String otherwise) throws IOException {
        Path file = dataDir.resolve("secrets").resolve(name);
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : otherwise;
    }

    private static Path jar(List<Path> classpathFiles, String pattern) throws IOException {
        for (Path file : classpathFiles) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            for (String entry : Files.readString(file, StandardCharsets.UTF_8).trim().split(java.io.File.pathSeparator)) {
                Path p = Path.of(entry.trim());
                if (p.getFileName() != null && p.getFileName().toString().matches(pattern) && Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        throw new IOException("no jar like " + pattern + " in " + classpathFiles + " (compare.sh writes target/bench-classpath.txt)");
    }
}
