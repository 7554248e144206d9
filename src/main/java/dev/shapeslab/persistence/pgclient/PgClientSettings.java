package dev.shapeslab.persistence.pgclient;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Vert.x PostgreSQL client's settings ({@code shapes.vertx.pg.*}): statements pipelined per connection, and its
 * pool: connections at most, and store calls that may wait for one.
 */
@ConfigurationProperties("shapes.vertx.pg")
public record PgClientSettings(@DefaultValue("256") int pipeliningLimit, @DefaultValue Pool pool) {

    public PgClientSettings {
        if (pipeliningLimit < 1) {
            throw new IllegalArgumentException("shapes.vertx.pg.pipelining-limit must be at least 1: " + pipeliningLimit);
        }
    }

    public record Pool(@DefaultValue("10") int maxSize, @DefaultValue("1000") int maxWaitQueue) {

        public Pool {
            if (maxSize < 1 || maxWaitQueue < 0) {
                throw new IllegalArgumentException("shapes.vertx.pg.pool.max-size must be at least 1 and "
                        + "shapes.vertx.pg.pool.max-wait-queue not negative: " + maxSize + ", " + maxWaitQueue);
            }
        }
    }
}
