package dev.shapeslab.startup;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import dev.shapeslab.ShapesLabApplication;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.testng.annotations.Test;

/** A start the app refuses is reported as one paragraph that names the settings, not as a stack trace. */
public class RefusedStartTests {

    @Test
    public void aRefusedStartIsOneParagraphNamingBothSettings() {
        Throwable failure = expectThrows(RuntimeException.class, () -> new SpringApplicationBuilder(
                ShapesLabApplication.class).profiles("plain", "stub")
                .properties("server.port=0", "management.server.port=0", "spring.main.banner-mode=off")
                .run("--shapes.admission.max-in-flight=1100", "--server.tomcat.max-connections=1200"));

        FailureAnalysis analysis = bootsAnalysis(failure);

        assertNotNull(analysis, "no analysis: Spring Boot would print the stack trace");
        assertTrue(analysis.getDescription().startsWith("The app refused to start: server.tomcat.max-connections "
                + "(1200) must be above shapes.admission.max-in-flight and shapes.admission.max-queue together "
                + "(1100 + "), analysis.getDescription());
        assertFalse(analysis.getDescription().contains("Caused by"), analysis.getDescription());
        assertTrue(analysis.getAction().contains("docs/settings.md"), analysis.getAction());
    }

    @Test
    public void aFailureThatIsNotTheAppsRefusalKeepsSpringBootsReport() {
        IllegalStateException notTheApps = expectThrows(IllegalStateException.class,
                () -> new ArrayList<>().iterator().remove());

        assertNull(new RefusedStartAnalyzer().analyze(new RuntimeException("wrapped", notTheApps)));
    }

    /** As Spring Boot chooses it: the first analysis of the registered analyzers, in their order. */
    private static FailureAnalysis bootsAnalysis(Throwable failure) {
        List<FailureAnalyzer> analyzers = new ArrayList<>(SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, null, SpringFactoriesLoader.FailureHandler.handleMessage((m, e) -> { })));
        assertEquals(analyzers.stream().filter(RefusedStartAnalyzer.class::isInstance).count(), 1L,
                "registered in META-INF/spring.factories");
        AnnotationAwareOrderComparator.sort(analyzers);
        return analyzers.stream().map(analyzer -> analyzer.analyze(failure)).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }
}
