package dev.shapeslab.startup;

import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Refuses to start with two execution variants or two backends: each would bring its own beans, and a mix
 * would measure something nobody asked for. Runs before any bean is created, so the message is the first
 * error a user sees.
 */
@Component
class ProfileGuard implements BeanFactoryPostProcessor, EnvironmentAware {

    private static final Logger log = LoggerFactory.getLogger(ProfileGuard.class);

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        List<String> active = Arrays.asList(environment.getActiveProfiles());
        requireAtMostOne("execution variant", Profiles.EXECUTION, active);
        requireAtMostOne("backend", Profiles.BACKENDS, active);
        active.stream()
                .filter(profile -> !Profiles.EXECUTION.contains(profile) && !Profiles.BACKENDS.contains(profile))
                .forEach(profile -> log.warn("Profile '{}' is neither an execution variant {} nor a backend {}",
                        profile, Profiles.EXECUTION, Profiles.BACKENDS));
    }

    private static void requireAtMostOne(String axis, List<String> choices, List<String> active) {
        List<String> chosen = active.stream().filter(choices::contains).toList();
        if (chosen.size() > 1) {
            throw new IllegalStateException("Profiles " + chosen + " are all " + axis + "s; activate at most one of "
                    + choices + " (for example --spring.profiles.active=" + Profiles.ASYNC + "," + Profiles.STUB + ")");
        }
    }
}
