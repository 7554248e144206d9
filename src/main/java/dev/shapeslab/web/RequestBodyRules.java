package dev.shapeslab.web;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What every server's body guard refuses before a body is read, from header values alone.
 */
public final class RequestBodyRules {

    private RequestBodyRules() {
    }

    /**
     * The refusal of a body by its headers, or null: a declared length over {@code maxBytes} (413), then, if the request
     * has a body, a coding other than identity or a charset other than UTF-8 (415).
     */
    public static ProblemException refusal(long declaredLength, long maxBytes, String contentEncoding,
                                           Supplier<String> charset, BooleanSupplier hasBody) {
        if (declaredLength > maxBytes) {
            return ProblemCatalogue.BODY_TOO_LARGE.exception(maxBytes);
        }
        if (!isIdentity(contentEncoding) && hasBody.getAsBoolean()) {
            return ProblemCatalogue.CONTENT_ENCODED.exception();
        }
        if (!isUtf8OrAbsent(charset.get()) && hasBody.getAsBoolean()) {
            return ProblemCatalogue.NOT_UTF8.exception();
        }
        return null;
    }

    /**
     * The service decodes no content coding; nor does Tomcat. A gzip body would otherwise reach Jackson as
     * bytes that are not JSON. In a list of codings ({@code identity, gzip}) each must be identity.
     */
    static boolean isIdentity(String contentEncoding) {
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
    static boolean isUtf8OrAbsent(String charset) {
        return charset == null || charset.equalsIgnoreCase("UTF-8");
    }
}
