package dev.shapeslab.execution.virtual;

import dev.shapeslab.Prerequisite;
import java.util.Optional;

/**
 * Virtual threads need a JDK 21+ at run time, and the build's default JDK may be 17: there the virtual tests
 * are skipped, unless {@code -Dvirtual.tests.required=true}, which CI passes when it runs them on a newer JDK,
 * so that a too-old JDK fails them instead.
 */
public final class VirtualThreads implements Prerequisite {

    @Override
    public Optional<String> missing() {
        if (Runtime.version().feature() >= VirtualVariant.MINIMUM_JAVA) {
            return Optional.empty();
        }
        return Optional.of("needs a JDK " + VirtualVariant.MINIMUM_JAVA + "+ (this is " + Runtime.version()
                + "); run with JAVA_HOME set to one, as .ci/run does");
    }

    @Override
    public String requiredProperty() {
        return "virtual.tests.required";
    }
}
