/**
 * The HTTP contract as every server serves it, in no server's types. It imports the domain and no other package of
 * the app, nor any server's API; {@code admission} imports it and no server's package; each server's package may
 * import {@code admission}, never another server's ({@code ArchitectureTests}).
 */
package dev.shapeslab.web;
