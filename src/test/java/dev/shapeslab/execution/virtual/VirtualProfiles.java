package dev.shapeslab.execution.virtual;

import static org.testng.Assert.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.test.context.ActiveProfilesResolver;
import org.testng.SkipException;

/**
 * Virtual threads need a JDK 21+ at run time, and the build's default JDK may be 17. There the virtual tests
 * are skipped (their context runs plain, to load at all), unless {@code -Dvirtual.tests.required=true},
 * which CI passes when it runs them on a newer JDK: then a too-old JDK fails them instead.
 */
public final class VirtualProfiles implements ActiveProfilesResolver {

    static final boolean AVAILABLE = Runtime.version().feature() >= VirtualVariant.MINIMUM_JAVA;

    @Override
    public String[] resolve(Class<?> testClass) {
        List<String> profiles = new ArrayList<>(Arrays.asList(
                testClass.getAnnotation(VirtualBackend.class).value()));
        if (AVAILABLE) {
            profiles.add(0, "virtual");
        }
        return profiles.toArray(String[]::new);
    }

    static void requireVirtualThreads() {
        if (AVAILABLE) {
            return;
        }
        String message = "needs a JDK " + VirtualVariant.MINIMUM_JAVA + "+ (this is " + Runtime.version()
                + "); run with JAVA_HOME set to one, as .ci/run does";
        if (Boolean.getBoolean("virtual.tests.required")) {
            fail(message);
        }
        throw new SkipException(message);
    }
}
