package dev.shapeslab;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.testng.IInvokedMethod;
import org.testng.IInvokedMethodListener;
import org.testng.ITestResult;
import org.testng.SkipException;

/**
 * Skips the test classes whose {@link Requires} this machine does not meet, or fails them where the
 * prerequisite's {@link Prerequisite#requiredProperty() property} says it must be met. It acts at a class's
 * first configuration method, before Spring's configuration methods have loaded its context: a class that
 * cannot run costs no context. Registered for every run in {@code META-INF/services/org.testng.ITestNGListener}.
 */
public class Prerequisites implements IInvokedMethodListener {

    /** Each prerequisite is checked once per run (reaching PostgreSQL takes a connection attempt). */
    private static final Map<Class<? extends Prerequisite>, Optional<String>> MISSING = new ConcurrentHashMap<>();

    @Override
    public void beforeInvocation(IInvokedMethod method, ITestResult testResult) {
        // The class under test, not the one declaring the method (Spring's base class, for its own).
        Class<?> testClass = testResult.getTestClass().getRealClass();
        Requires requires = testClass.getAnnotation(Requires.class);
        if (requires == null) {
            return;
        }
        for (Class<? extends Prerequisite> type : requires.value()) {
            Prerequisite prerequisite = instantiate(type);
            Optional<String> missing = MISSING.computeIfAbsent(type, unused -> prerequisite.missing());
            if (missing.isPresent()) {
                if (Boolean.getBoolean(prerequisite.requiredProperty())) {
                    throw new AssertionError(missing.get() + " (-D" + prerequisite.requiredProperty()
                            + "=true: failed, not skipped)");
                }
                throw new SkipException(missing.get());
            }
        }
    }

    private static Prerequisite instantiate(Class<? extends Prerequisite> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create prerequisite " + type.getName(), e);
        }
    }
}
