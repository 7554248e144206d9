package dev.shapeslab.web;

import jakarta.ws.rs.WebApplicationException;

/** An error the web layer answers itself, with a status and a client-facing detail. */
public class ProblemException extends WebApplicationException {

    private final String detail;

    public ProblemException(int status, String detail) {
        super(detail, status);
        this.detail = detail;
    }

    public String detail() {
        return detail;
    }
}
