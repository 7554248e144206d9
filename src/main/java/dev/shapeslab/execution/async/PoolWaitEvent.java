package dev.shapeslab.execution.async;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR event: how long a store call waited in the async variant's blocking pool queue before a thread took
 * it (the event's duration). Seen in Mission Control's event browser under "Shapes Lab".
 */
@Name("dev.shapeslab.PoolWait")
@Label("Blocking Pool Wait")
@Category("Shapes Lab")
@Description("Time a store call of the async variant waited for a thread of its blocking pool")
@StackTrace(false)
class PoolWaitEvent extends Event {
}
