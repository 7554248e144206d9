/**
 * What runs, read once from the active profiles ({@link dev.shapeslab.deployment.Deployment}), the condition beans run
 * under and the defaults that depend on it. It imports none of the app's packages, so any may ask it.
 */
package dev.shapeslab.deployment;
