/**
 * The blocking storage port the services depend on ({@link dev.shapeslab.persistence.EntityStore}; the non-blocking
 * ones in {@code nonblocking}), and one sub-package per backend. The store-call policy every database
 * driver keeps lives here, once, importing none of their libraries: the time bounds, the classification of failures,
 * the breaker, the JFR recording and a non-blocking call's life. Its promises (one bound on the whole call, 503 at
 * once while the database is known to be down, healing by itself, rejected means not written, a bug stays a bug):
 * docs/faults.md.
 */
package dev.shapeslab.persistence;
