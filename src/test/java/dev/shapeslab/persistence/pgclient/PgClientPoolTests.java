package dev.shapeslab.persistence.pgclient;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shapeslab.persistence.DatabaseTimeBounds;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import org.testng.annotations.Test;

/** What the Vert.x client's pool is given: the pipelining limit, its size and queue, and the sessions' name. */
public class PgClientPoolTests {

    @Test
    public void eachConnectionPipelinesUpToTheLimitAndCachesItsStatements() {
        PgConnectOptions options = PgClientPool.connectOptions("127.0.0.1", 5432, "shapes", "shapes", "secret", 32);
        assertThat(options.getPipeliningLimit()).isEqualTo(32);
        assertThat(options.getCachePreparedStatements()).isTrue();
        assertThat(options.getReconnectAttempts()).isZero();
        assertThat(options.getProperties()).containsEntry("application_name", PgClientPool.APPLICATION_NAME)
                .containsEntry("client_encoding", "utf8");
        assertThat(PgClientPool.connectOptions("h", 1, "d", "u", "p", 1).getPipeliningLimit()).isEqualTo(1);
    }

    @Test
    public void thePoolHasItsSizeAndQueueOnTheEventLoopThatAsksAndOutwaitsEveryCallsBound() {
        PoolOptions options = PgClientPool.poolOptions(DatabaseTimeBounds.defaults(), 10, 1000);
        assertThat(options.getMaxSize()).isEqualTo(10);
        assertThat(options.getMaxWaitQueueSize()).isEqualTo(1000);
        assertThat(options.getEventLoopSize()).isZero();
        assertThat(options.getConnectionTimeoutUnit().toMillis(options.getConnectionTimeout()))
                .isGreaterThan(DatabaseTimeBounds.defaults().requestTimeout().toMillis());
    }
}
