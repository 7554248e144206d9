package dev.shapeslab.persistence.jpa.failure;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.UrlResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/**
 * The app makes H2's client report a refused connection at once and skip its object cache, unless the JVM
 * was told otherwise.
 */
public class H2ClientSettingsTests {

    private final Map<String, String> before = new HashMap<>();

    @BeforeMethod
    public void saveProperties() {
        H2ClientSettings.DEFAULTS.keySet().forEach(property -> before.put(property, System.getProperty(property)));
    }

    @AfterMethod(alwaysRun = true)
    public void restoreProperties() {
        before.forEach((property, value) -> {
            if (value == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, value);
            }
        });
    }

    @Test
    public void noRetriesOfARefusedConnectionUnlessTheJvmSaysOtherwise() {
        System.clearProperty(H2ClientSettings.CONNECT_RETRIES);
        postProcess();
        assertEquals(System.getProperty(H2ClientSettings.CONNECT_RETRIES), "0");
    }

    @Test
    public void noObjectCacheUnlessTheJvmSaysOtherwise() {
        System.clearProperty(H2ClientSettings.OBJECT_CACHE);
        postProcess();
        assertEquals(System.getProperty(H2ClientSettings.OBJECT_CACHE), "false");
    }

    @Test
    public void valuesGivenToTheJvmAreKept() {
        System.setProperty(H2ClientSettings.CONNECT_RETRIES, "5");
        System.setProperty(H2ClientSettings.OBJECT_CACHE, "true");
        postProcess();
        assertEquals(System.getProperty(H2ClientSettings.CONNECT_RETRIES), "5");
        assertEquals(System.getProperty(H2ClientSettings.OBJECT_CACHE), "true");
    }

    @Test
    public void bootRunsItAsTheEnvironmentIsPrepared() throws IOException {
        boolean registered = false;
        for (URL file : Collections.list(getClass().getClassLoader()
                .getResources(SpringFactoriesLoader.FACTORIES_RESOURCE_LOCATION))) {
            Properties factories = PropertiesLoaderUtils.loadProperties(new UrlResource(file));
            registered |= String.valueOf(factories.getProperty(EnvironmentPostProcessor.class.getName()))
                    .contains(H2ClientSettings.class.getName());
        }
        assertTrue(registered, "not registered in a META-INF/spring.factories");
    }

    private static void postProcess() {
        new H2ClientSettings().postProcessEnvironment(new StandardEnvironment(), new SpringApplication());
    }
}
