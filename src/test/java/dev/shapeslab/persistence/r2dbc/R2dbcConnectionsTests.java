package dev.shapeslab.persistence.r2dbc;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/**
 * Backend r2dbc takes its time bounds from the JDBC backends' shapes.database.*: the driver's connect timeout it used
 * to have of its own would be ignored now, so setting it stops the start, naming the one that replaced it.
 */
public class R2dbcConnectionsTests {

    @Test
    public void theOldConnectTimeoutStopsTheStartNamingTheSharedOne() {
        assertThatThrownBy(() -> R2dbcConnections.refuseMovedSettings(
                new MockEnvironment().withProperty("shapes.r2dbc.connect-timeout", "2s")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("shapes.r2dbc.connect-timeout").hasMessageContaining("shapes.database.connect-timeout");
        assertThatCode(() -> R2dbcConnections.refuseMovedSettings(
                new MockEnvironment().withProperty("shapes.database.connect-timeout", "2s"))).doesNotThrowAnyException();
    }
}
