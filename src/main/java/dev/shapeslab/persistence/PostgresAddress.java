package dev.shapeslab.persistence;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where PostgreSQL is ({@code shapes.pg.*}), for JDBC (through the URL in application.properties), R2DBC and the
 * Vert.x client; the user and password are {@code spring.datasource.*}.
 */
@ConfigurationProperties("shapes.pg")
public record PostgresAddress(String host, int port, String database) {

    public PostgresAddress {
        if (host == null || host.isBlank() || database == null || database.isBlank()) {
            throw new IllegalArgumentException("shapes.pg.host and shapes.pg.database must be set: " + host + ", "
                    + database);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("shapes.pg.port must be a TCP port, 1 to 65535: " + port);
        }
    }
}
