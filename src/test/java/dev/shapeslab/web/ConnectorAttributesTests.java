package dev.shapeslab.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.catalina.connector.Connector;
import org.springframework.mock.env.MockEnvironment;
import org.testng.annotations.Test;

/** Tomcat's connector attributes that Spring Boot has no property for, set as {@code shapes.tomcat.connector.*}. */
public class ConnectorAttributesTests {

    @Test
    public void anAttributeUnderTheConnectorPrefixReachesTomcatsConnector() {
        MockEnvironment environment = new MockEnvironment()
                .withProperty("shapes.tomcat.connector.socket.appReadBufSize", "2048")
                .withProperty("shapes.tomcat.connector.socket.appWriteBufSize", "4096")
                .withProperty("shapes.tomcat.connector.asyncTimeout", "250");
        Connector connector = new Connector();

        new WebContainer().connectorAttributes(environment).customize(connector);

        assertThat(connector.getProperty("socket.appReadBufSize")).isEqualTo("2048");
        assertThat(connector.getProperty("socket.appWriteBufSize")).isEqualTo("4096");
        // an attribute of the connector itself, not of its protocol
        assertThat(connector.getAsyncTimeout()).isEqualTo(250);
    }

    @Test
    public void anAttributeTomcatDoesNotKnowRefusesTheStartNamingIt() {
        MockEnvironment environment = new MockEnvironment()
                .withProperty("shapes.tomcat.connector.socket.appReadBufferSize", "2048");

        assertThatThrownBy(() -> new WebContainer().connectorAttributes(environment).customize(new Connector()))
                .hasMessageContaining("socket.appReadBufferSize");
    }
}
