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
 * What a fault drill left in the H2 database, read over JDBC after the drill: the numbers of the drill's
 * colours ({@code drill-<n>}) in table {@code shape}. The harness runs on the compiled classes alone, so
 * the H2 driver is loaded from the jar on the project's test classpath ({@code compare.sh} writes it to
 * {@code target/bench-classpath.txt}; {@code h2/loadtesth2.sh} to {@code target/h2.classpath}).
 *
 * <p>Credentials: those {@code h2/loadtesth2.sh} keeps under the data directory
 * ({@code secrets/spring.datasource.username}, {@code secrets/spring.datasource.password}) when they exist,
 * else {@code sa} with an empty password.
 */
final class StoredRows {

    private StoredRows() {
    }

    static List<Long> drillNumbers(List<Path> classpathFiles, int port, Path dataDir) throws IOException, SQLException {
        Path jar = h2Jar(classpathFiles);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, StoredRows.class.getClassLoader())) {
            Driver driver = (Driver) Class.forName("org.h2.Driver", true, loader).getDeclaredConstructor().newInstance();
            Properties credentials = new Properties();
            credentials.setProperty("user", secret(dataDir, "spring.datasource.username", "sa"));
            credentials.setProperty("password", secret(dataDir, "spring.datasource.password", ""));
            List<Long> numbers = new ArrayList<>();
            try (Connection c = driver.connect("jdbc:h2:tcp://127.0.0.1:" + port + "/./shapes", credentials);
                 Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT colour FROM shape WHERE colour LIKE '"
                         + DrillLoad.COLOUR_PREFIX + "%'")) {
                while (rows.next()) {
                    numbers.add(Long.parseLong(rows.getString(1).substring(DrillLoad.COLOUR_PREFIX.length())));
                }
            }
            return numbers;
        } catch (ReflectiveOperationException e) {
            throw new IOException("cannot load H2's driver from " + jar + ": " + e, e);
        }
    }

    static String secret(Path dataDir, String name, String otherwise) throws IOException {
        Path file = dataDir.resolve("secrets").resolve(name);
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : otherwise;
    }

    private static Path h2Jar(List<Path> classpathFiles) throws IOException {
        for (Path file : classpathFiles) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            for (String entry : Files.readString(file, StandardCharsets.UTF_8).trim().split(java.io.File.pathSeparator)) {
                Path p = Path.of(entry.trim());
                if (p.getFileName() != null && p.getFileName().toString().matches("h2-[0-9.]+\\.jar") && Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        throw new IOException("no H2 jar in " + classpathFiles + " (compare.sh writes target/bench-classpath.txt)");
    }
}
