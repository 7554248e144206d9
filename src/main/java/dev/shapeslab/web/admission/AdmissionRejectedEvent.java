package dev.shapeslab.web.admission;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JFR event: a request turned away by admission control on any server ({@link TomcatAdmission}, {@link JettyAdmission},
 * {@link FluxAdmission}, {@link VertxAdmission}). Seen in Mission Control under "Shapes Lab".
 */
@Name("dev.shapeslab.AdmissionRejected")
@Label("Admission Rejected")
@Category("Shapes Lab")
@Description("A request answered 503 by admission control: the queue for a place was full, or it waited too long")
@StackTrace(false)
public class AdmissionRejectedEvent extends Event {

    @Label("Path")
    public String path;

    @Label("In Flight")
    public int inFlight;

    @Label("Waiting")
    public int waiting;

    @Label("Reason")
    public String reason;
}
