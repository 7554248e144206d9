/**
 * What runs, read once from the active profiles: the execution variant, the backend and the server
 * ({@link dev.shapeslab.deployment.Deployment}), the pairings refused at start-up, the condition by which beans say
 * where they run ({@link dev.shapeslab.deployment.ConditionalOnDeployment}) and the defaults that depend on it
 * ({@link dev.shapeslab.deployment.DeploymentDefaults}). It imports none of the app's packages, so that any of them
 * may ask it ({@code ArchitectureTests}).
 */
package dev.shapeslab.deployment;
