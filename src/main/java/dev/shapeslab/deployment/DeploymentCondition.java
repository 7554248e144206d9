package dev.shapeslab.deployment;

import java.util.Arrays;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** {@link ConditionalOnDeployment}: the deployment the environment's profiles choose, against the annotation's lists. */
class DeploymentCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Deployment deployment = Deployment.of(context.getEnvironment());
        MergedAnnotation<ConditionalOnDeployment> wanted = metadata.getAnnotations().get(ConditionalOnDeployment.class);
        return accepts(wanted.getEnumArray("variant", Deployment.Variant.class), deployment.variant())
                && accepts(wanted.getEnumArray("store", Deployment.Store.class), deployment.store())
                && accepts(wanted.getEnumArray("port", Deployment.Port.class), deployment.port())
                && accepts(wanted.getEnumArray("server", Deployment.Server.class), deployment.server());
    }

    private static boolean accepts(Enum<?>[] accepted, Enum<?> actual) {
        return accepted.length == 0 || Arrays.asList(accepted).contains(actual);
    }
}
