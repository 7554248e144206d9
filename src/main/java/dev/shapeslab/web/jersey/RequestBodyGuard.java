package dev.shapeslab.web.jersey;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shapeslab.web.JsonProblems;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ProblemException;
import dev.shapeslab.web.RequestBodyRules;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Guards the reading of request bodies: over the limit a 413 without reading it whole, unreadable a 400, not
 * decodable a 415 ({@link RequestBodyRules}), and Jackson's failures a 400 that names no Java class.
 */
@PreMatching
@Priority(Priorities.ENTITY_CODER)
public class RequestBodyGuard implements ContainerRequestFilter, ReaderInterceptor {

    private final long maxBytes;

    public RequestBodyGuard(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        ProblemException refused = RequestBodyRules.refusal(request.getLength(), maxBytes,
                request.getHeaderString(HttpHeaders.CONTENT_ENCODING), () -> charsetOf(request), request::hasEntity);
        if (refused != null) {
            throw refused;
        }
    }

    private static String charsetOf(ContainerRequestContext request) {
        try {
            MediaType type = request.getMediaType();
            return type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        } catch (ProcessingException | IllegalArgumentException malformed) {
            return null; // a malformed Content-Type stays Jersey's to refuse, as before this check
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        context.setInputStream(new LimitedInputStream(context.getInputStream(), maxBytes));
        try {
            return context.proceed();
        } catch (BodyTooLargeException e) {
            throw tooLarge();
        } catch (JsonProcessingException e) {
            if (causedByTooLarge(e)) {
                throw tooLarge();
            }
            throw ProblemCatalogue.INVALID_JSON.exception(JsonProblems.describe(e));
        } catch (IOException unreadable) {
            // Malformed chunking, a body cut short: the client's fault, answered, not logged as an error.
            throw ProblemCatalogue.BODY_UNREADABLE.exception();
        }
    }

    private ProblemException tooLarge() {
        return ProblemCatalogue.BODY_TOO_LARGE.exception(maxBytes);
    }

    private static boolean causedByTooLarge(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BodyTooLargeException) {
                return true;
            }
        }
        return false;
    }

    private static final class BodyTooLargeException extends IOException {
    }

    /** Counts what is read and fails once more than the limit has been. */
    private static final class LimitedInputStream extends FilterInputStream {
        private final long maxBytes;
        private long read;

        LimitedInputStream(InputStream in, long maxBytes) {
            super(in);
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > maxBytes) {
                throw new BodyTooLargeException();
            }
        }
    }
}
