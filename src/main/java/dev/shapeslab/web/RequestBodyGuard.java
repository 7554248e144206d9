package dev.shapeslab.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Guards the reading of request bodies.
 * <ul>
 * <li>A body over the limit is answered 413 without being read whole: at once when its Content-Length says
 * so, and otherwise (chunked) as soon as the limit is crossed while reading.</li>
 * <li>A body that cannot be read (malformed chunking, cut short) is a 400, not a logged server error.</li>
 * <li>A body Jackson cannot read becomes a 400 whose detail {@link JsonProblems} writes, so Jackson's raw
 * messages (which name Java classes) never reach the client.</li>
 * </ul>
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
        if (request.getLength() > maxBytes) {
            throw tooLarge();
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
            throw new ProblemException(400, JsonProblems.describe(e));
        } catch (IOException unreadable) {
            // Malformed chunking, a body cut short: the client's fault, answered, not logged as an error.
            throw new ProblemException(400, "The request body could not be read");
        }
    }

    private ProblemException tooLarge() {
        return new ProblemException(413, "Request bodies are limited to " + maxBytes + " bytes");
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
