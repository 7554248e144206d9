/**
 * The web layer under {@code vertx}: the same promises kept by Vert.x Web's own hooks ({@code VertxWeb}).
 */
package dev.shapeslab.web.vertx;
