package dev.shapeslab.persistence.jpa;

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
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

/** The app makes H2's client report a refused connection at once, unless the JVM was told otherwise. */
public class H2ClientSettingsTests {

    private String before;

    @BeforeMethod
    public void saveProperty() {
        before = System.getProperty(H2ClientSettings.CONNECT_RETRIES);
    }

    @AfterMethod(alwaysRun = true)
    public void restoreProperty() {
        if (before == null) {
            System.clearProperty(H2ClientSettings.CONNECT_RETRIES);
        } else {
            System.setProperty(H2ClientSettings.CONNECT_RETRIES, before);
        }
    }

    @Test
    public void noRetriesOfARefusedConnectionUnlessTheJvmSaysOtherwise() {
        System.clearProperty(H2ClientSettings.CONNECT_RETRIES);
        postProcess();
        assertEquals(System.getProperty(H2ClientSettings.CONNECT_RETRIES), "0");
    }

    @Test
    public void aValueGivenToTheJvmIsKept() {
        System.setProperty(H2ClientSettings.CONNECT_RETRIES, "5");
        postProcess();
        assertEquals(System.getProperty(H2ClientSettings.CONNECT_RETRIES), "5");
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
