package dev.shapeslab.web;

/**
 * What every server's body guard refuses before a body is read, as plain predicates on header values:
 * {@code jersey.RequestBodyGuard}, {@code flux.FluxBodyGuard} and {@code vertx.VertxBodyGuard} each read the
 * headers their own way and ask these.
 */
public final class RequestBodyRules {

    private RequestBodyRules() {
    }

    /**
     * The service decodes no content coding; nor does Tomcat. A gzip body would otherwise reach Jackson as
     * bytes that are not JSON. In a list of codings ({@code identity, gzip}) each must be identity.
     */
    public static boolean isIdentity(String contentEncoding) {
        if (contentEncoding == null) {
            return true;
        }
        for (String coding : contentEncoding.split(",")) {
            if (!coding.isBlank() && !coding.trim().equalsIgnoreCase("identity")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Jackson ignores the charset parameter: it reads UTF-8 (or guesses UTF-16/32 from the bytes), so a body
     * in, say, ISO-8859-1 would fail as malformed or be stored misread. JSON between systems is UTF-8 (RFC 8259).
     */
    public static boolean isUtf8OrAbsent(String charset) {
        return charset == null || charset.equalsIgnoreCase("UTF-8");
    }
}
