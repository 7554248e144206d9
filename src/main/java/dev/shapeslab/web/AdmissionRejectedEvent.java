package dev.shapeslab.web;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** JFR event: a request turned away by {@link AdmissionControl}. Seen in Mission Control under "Shapes Lab". */
@Name("dev.shapeslab.AdmissionRejected")
@Label("Admission Rejected")
@Category("Shapes Lab")
@Description("A request answered 503 by admission control: the queue for a place was full, or it waited too long")
@StackTrace(false)
class AdmissionRejectedEvent extends Event {

    @Label("Path")
    String path;

    @Label("In Flight")
    int inFlight;

    @Label("Waiting")
    int waiting;

    @Label("Reason")
    String reason;
}
