package dev.shapeslab.startup;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * A start the app refused, said as one paragraph: the message of an {@link IllegalStateException} or
 * {@link IllegalArgumentException} the app's own code threw, which Spring showed as the last of five causes.
 */
class RefusedStartAnalyzer implements FailureAnalyzer {

    private static final String APP_PACKAGE = "dev.shapeslab.";

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        Throwable refusal = null;
        for (Throwable cause = failure; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (isRefusal(cause)) {
                refusal = cause;
            }
        }
        if (refusal == null) {
            return null;
        }
        return new FailureAnalysis("The app refused to start: " + refusal.getMessage(),
                "Change the settings or profiles named above (as --name=value arguments, in application.properties or "
                        + "as -Dspring-boot.run.profiles=...), and start again; docs/settings.md describes each setting.",
                refusal);
    }

    /** Thrown by the app's own code: the frame that created it (exceptions leave their constructors out). */
    private static boolean isRefusal(Throwable cause) {
        StackTraceElement[] frames = cause.getStackTrace();
        return (cause instanceof IllegalStateException || cause instanceof IllegalArgumentException)
                && cause.getMessage() != null && frames.length > 0 && frames[0].getClassName().startsWith(APP_PACKAGE);
    }
}
