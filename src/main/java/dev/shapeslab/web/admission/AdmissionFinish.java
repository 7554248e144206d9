package dev.shapeslab.web.admission;

import org.glassfish.jersey.server.monitoring.ApplicationEvent;
import org.glassfish.jersey.server.monitoring.ApplicationEventListener;
import org.glassfish.jersey.server.monitoring.RequestEvent;
import org.glassfish.jersey.server.monitoring.RequestEventListener;

/**
 * Tells admission control ({@link TomcatAdmission}) that Jersey has finished with a request: its response written,
 * or its failure answered, on whichever thread that was. The request's place is given back then.
 *
 * <p>The valve also gives the place back when Tomcat ends the request's asynchronous cycle, and whichever comes
 * first counts: a place is not held for the moment between Jersey's answer and Tomcat's end of the cycle. Under
 * 5,000 clients that send again at once after a 503, Tomcat once never ended such cycles nor told their listeners,
 * and their places stayed taken until admission served nobody
 * (docs/notebook/2026-11-27-admission-places-never-given-back.md; the cause, Tomcat timing waiting cycles out behind
 * admission's back, is gone: docs/notebook/2026-11-27-the-lost-async-completion.md).
 */
public final class AdmissionFinish implements ApplicationEventListener {

    @Override
    public void onEvent(ApplicationEvent event) {
    }

    /**
     * At the request's start, on the thread Tomcat gave it: the request attribute is read now, since by the time
     * Jersey has finished, Tomcat may have ended the cycle and recycled the request on another thread.
     */
    @Override
    public RequestEventListener onRequest(RequestEvent start) {
        if (!(start.getContainerRequest().getProperty(TomcatAdmission.RELEASE) instanceof Runnable release)) {
            return null;
        }
        return event -> {
            if (event.getType() == RequestEvent.Type.FINISHED) {
                release.run();
            }
        };
    }
}
