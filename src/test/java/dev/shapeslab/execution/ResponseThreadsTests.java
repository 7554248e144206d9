package dev.shapeslab.execution;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.testng.annotations.Test;

/** {@code shapes.response-threads} refuses a negative count as it binds, naming the setting. */
public class ResponseThreadsTests {

    @Test
    public void aNegativeCountIsRefused() {
        assertThatThrownBy(() -> new ResponseThreads.Settings(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shapes.response-threads must be 0 (twice the cores) or more: -1");
    }
}
