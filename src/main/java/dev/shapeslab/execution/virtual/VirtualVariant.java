package dev.shapeslab.execution.virtual;

import dev.shapeslab.deployment.ConditionalOnDeployment;
import dev.shapeslab.deployment.Deployment.Variant;
import dev.shapeslab.execution.ExecutionVariant;
import dev.shapeslab.execution.plain.PlainVariant;
import org.springframework.stereotype.Component;

/**
 * The {@code plain} resources and services, with Tomcat handling each request on a new virtual thread.
 *
 * <p>Threading contract: as {@code plain}, but a virtual thread that blocks unmounts from its carrier, so a waiting
 * request holds no platform thread (a block inside {@code synchronized} pins it on JDK 21 to 23).
 */
@Component
@ConditionalOnDeployment(variant = Variant.VIRTUAL)
class VirtualVariant extends ExecutionVariant {

    static final int MINIMUM_JAVA = 21;

    VirtualVariant() {
        super(Variant.VIRTUAL, PlainVariant.RESOURCES);
        int java = Runtime.version().feature();
        if (java < MINIMUM_JAVA) {
            throw new IllegalStateException("The '" + Variant.VIRTUAL.profile() + "' variant needs a JDK " + MINIMUM_JAVA
                    + " or newer at run time (virtual threads); this is Java " + java
                    + ". Run it with JAVA_HOME pointing to a JDK " + MINIMUM_JAVA + "+, for example "
                    + "JAVA_HOME=<that JDK's directory> ./mvnw spring-boot:run -Dspring-boot.run.profiles=virtual");
        }
    }

    @Override
    public String threading() {
        return "the plain code on virtual threads; each request runs on its own virtual thread";
    }
}
