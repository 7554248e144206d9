package dev.shapeslab.domain;

/**
 * The store cannot answer now: its database is down, unreachable, or slower than the service waits for.
 * Nothing was written (or the write was rolled back), and the same request may succeed later.
 */
public class StoreUnavailableException extends RuntimeException {

    private final String kind;

    /**
     * @param kind a short, stable name of the failure, to group and count failures by; never shown to clients
     */
    public StoreUnavailableException(String kind, Throwable cause) {
        super("store unavailable: " + kind, cause);
        this.kind = kind;
    }

    public String kind() {
        return kind;
    }
}
