package dev.shapeslab.deployment;

import dev.shapeslab.ShapesLabApplication;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.bootstrap.DefaultBootstrapContext;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.support.EnvironmentPostProcessorApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The application's environment as it is prepared for some profiles, without starting the app: every environment
 * post-processor registered in META-INF/spring.factories runs, in its order (the configuration files', the app's own),
 * as {@link SpringApplication} runs them.
 */
public final class PreparedEnvironment {

    private PreparedEnvironment() {
    }

    /** With {@code settings} given ahead of the application's files, as on the command line. */
    public static ConfigurableEnvironment of(Map<String, Object> settings, String... profiles) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("given", settings));
        SpringApplication application = new SpringApplication(ShapesLabApplication.class);
        application.setAdditionalProfiles(profiles);
        new EnvironmentPostProcessorApplicationListener().onApplicationEvent(new ApplicationEnvironmentPreparedEvent(
                new DefaultBootstrapContext(), application, new String[0], environment));
        return environment;
    }

    public static Binder binder(Map<String, Object> settings, String... profiles) {
        return Binder.get(of(settings, profiles));
    }
}
