package dev.shapeslab.persistence.r2dbc;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** r2dbc-pool's bounds ({@code shapes.r2dbc.pool.*}): connections at most, and store calls that may wait for one. */
@ConfigurationProperties("shapes.r2dbc.pool")
public record R2dbcPoolSettings(@DefaultValue("10") int maxSize, @DefaultValue("1000") int maxPending) {

    public R2dbcPoolSettings {
        if (maxSize < 1 || maxPending < 0) {
            throw new IllegalArgumentException("shapes.r2dbc.pool.max-size must be at least 1 and "
                    + "shapes.r2dbc.pool.max-pending not negative: " + maxSize + ", " + maxPending);
        }
    }
}
