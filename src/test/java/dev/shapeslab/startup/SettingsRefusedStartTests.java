package dev.shapeslab.startup;

import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.ShapesLabApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/**
 * The settings records (the web's {@code PagingSettings} and {@code RequestSettings}, the variants' answer timeouts
 * {@code AnswerTimeout}, Vert.x's, Jetty's, the stub's and admission's refusal delay) refuse a value that breaks them as the app starts, in one paragraph naming the setting.
 */
public class SettingsRefusedStartTests {

    @DataProvider
    public Object[][] refused() {
        return new Object[][] {
                {"plain", "--shapes.paging.default-limit=0", "shapes.paging.default-limit (0) and shapes.paging.max-limit (1000) must each be at least 1"},
                {"webflux", "--shapes.paging.max-limit=0", "shapes.paging.default-limit (100) and shapes.paging.max-limit (0) must each be at least 1"},
                {"plain", "--shapes.request.max-body-size=0B", "shapes.request.max-body-size must be from 1B"},
                {"vertx", "--shapes.request.max-body-size=3GB", "shapes.request.max-body-size must be from 1B"},
                {"async", "--async.timeout=0s", "async.timeout must be at least 1ms, not PT0S"},
                {"webflux", "--webflux.timeout=-1s", "webflux.timeout must be at least 1ms, not PT-1S"},
                {"vertx", "--vertx.timeout=0ms", "vertx.timeout must be at least 1ms, not PT0S"},
                {"vertx", "--vertx.event-loops=-1", "vertx.event-loops must be 0 (one per core) or more: -1"},
                {"jetty", "--shapes.jetty.header-cache-size=-1", "shapes.jetty.header-cache-size must not be negative: -1"},
                {"async", "--stub.latency=-1ms", "stub.latency must not be negative: PT-0.001S"},
                {"async", "--stub.latency-mode=sometimes", "stub.latency-mode must be auto, blocking or timer, not 'sometimes'"},
                {"webflux", "--shapes.admission.refusal-delay=3s", "shapes.admission.refusal-delay must be a duration from 0 to max-wait (PT2S)"},
        };
    }

    @Test(dataProvider = "refused")
    public void aSettingThatBreaksItsRuleStopsTheStartNamingIt(String variant, String argument, String expected) {
        Throwable failure = expectThrows(RuntimeException.class, () -> new SpringApplicationBuilder(
                ShapesLabApplication.class).profiles(variant, "stub")
                .properties("server.port=0", "management.server.port=0", "spring.main.banner-mode=off")
                .run(argument));

        String analysis = new RefusedStartAnalyzer().analyze(failure).getDescription();
        assertTrue(analysis.startsWith("The app refused to start: " + expected), analysis);
    }
}
