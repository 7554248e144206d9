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
@Description("A request answered 503 at once because the bound on requests in flight was reached")
@StackTrace(false)
class AdmissionRejectedEvent extends Event {

    @Label("Path")
    String path;

    @Label("In Flight")
    int inFlight;
}
