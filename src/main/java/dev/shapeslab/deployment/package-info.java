/**
 * What runs, read once from the active profiles: the execution variant, the backend and the server
 * ({@link dev.shapeslab.deployment.Deployment}), the store they mean together and whether its port blocks; the pairings
 * refused at start-up, each with a message that says what to run instead; the condition by which the beans of every
 * variant, backend and server say positively where they run ({@link dev.shapeslab.deployment.ConditionalOnDeployment});
 * and the table of defaults that depend on the deployment ({@link dev.shapeslab.deployment.DeploymentDefaults}).
 *
 * <p>It imports none of the app's packages, so that any of them may ask it ({@code ArchitectureTests}); the profile
 * names users type are its enums' names in lower case, and {@code jetty}.
 */
package dev.shapeslab.deployment;
