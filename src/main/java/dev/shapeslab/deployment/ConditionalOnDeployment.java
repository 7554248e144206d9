package dev.shapeslab.deployment;

import dev.shapeslab.deployment.Deployment.Port;
import dev.shapeslab.deployment.Deployment.Server;
import dev.shapeslab.deployment.Deployment.Store;
import dev.shapeslab.deployment.Deployment.Variant;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * A bean for some deployments only, said positively: created when the {@link Deployment} has one of the given
 * variants, and one of the given stores, ports and servers (an empty attribute accepts any).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(DeploymentCondition.class)
public @interface ConditionalOnDeployment {

    Variant[] variant() default {};

    Store[] store() default {};

    Port[] port() default {};

    Server[] server() default {};
}
