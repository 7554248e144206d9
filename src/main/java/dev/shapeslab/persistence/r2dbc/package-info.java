/**
 * The {@code r2dbc} backend: r2dbc-postgresql and r2dbc-pool behind {@link dev.shapeslab.persistence.nonblocking.ReactiveEntityStore},
 * with the shared SQL and store call; its own: how a call is cut off, what its failures mean, the adapter to Monos.
 */
package dev.shapeslab.persistence.r2dbc;
