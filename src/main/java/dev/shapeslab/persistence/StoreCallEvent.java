package dev.shapeslab.persistence;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR event: one call of a store (its duration, the entity and operation, and the thread JFR records with
 * every event), whatever the backend. Seen in Mission Control's event browser under "Shapes Lab".
 */
@Name("dev.shapeslab.StoreCall")
@Label("Store Call")
@Category("Shapes Lab")
@Description("A call of an entity store: a database transaction or one-statement read, or a stub operation with its latency")
@StackTrace(false)
public class StoreCallEvent extends Event {

    @Label("Entity")
    public String entity;

    @Label("Operation")
    public String operation;

    @Label("Outcome")
    @Description("ok, or the failure's class name")
    public String outcome;
}
