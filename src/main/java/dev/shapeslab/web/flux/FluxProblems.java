package dev.shapeslab.web.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shapeslab.domain.InvalidEntityException;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.domain.StoreOutcomeUnknownException;
import dev.shapeslab.domain.StoreUnavailableException;
import dev.shapeslab.web.IntervalLog;
import dev.shapeslab.web.JsonProblems;
import dev.shapeslab.web.ProblemException;
import java.time.Duration;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * Every error under {@code webflux} as problem+json: the domain's and the stores' (as the Jersey mappers answer
 * them), the web layer's {@link ProblemException}s, and WebFlux's own refusals, with a detail written for the
 * client. Ahead of Boot's error handler (order -1), which would answer its own JSON with the exception's message.
 *
 * <p>Runs where the failure arrives: an event loop, or the thread that signalled it; it only builds a small body.
 */
@Order(-2)
final class FluxProblems implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(FluxProblems.class);
    private static final IntervalLog unavailable = new IntervalLog(log, Duration.ofSeconds(10));

    private final long maxBodyBytes;

    FluxProblems(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        if (exchange.getResponse().isCommitted()) {
            return Mono.error(failure); // too late for another answer: the connection is closed
        }
        return answer(failure, exchange.getRequest().getPath().value()).writeTo(exchange);
    }

    ProblemAnswer answer(Throwable failure, String path) {
        if (causedBy(failure, DataBufferLimitException.class) != null) {
            // The codecs' limit, crossed while a body without Content-Length was read (FluxBodyGuard refuses the rest).
            return ProblemAnswer.of(413, "Request bodies are limited to " + maxBodyBytes + " bytes", path);
        }
        if (failure instanceof ProblemException problem) {
            ProblemAnswer answer = ProblemAnswer.of(problem.status(), problem.detail(), path);
            problem.headers().forEach(answer::with);
            return answer;
        }
        if (failure instanceof NoSuchEntityException missing) {
            return ProblemAnswer.of(404, missing.getMessage(), path);
        }
        if (failure instanceof InvalidEntityException invalid) {
            return ProblemAnswer.of(400, invalid.getMessage(), path);
        }
        if (failure instanceof StoreUnavailableException down) {
            unavailable.warn(down.kind(), "Answering 503, the database is unavailable: " + down.kind() + " ("
                    + rootCause(down) + ")");
            return ProblemAnswer.unavailable("The database is unavailable or too slow just now; retry shortly", path);
        }
        if (failure instanceof StoreOutcomeUnknownException unknown) {
            unavailable.warn("outcome unknown", "Answering 500, a commit's outcome is unknown: the database stopped "
                    + "answering while it was under way (" + rootCause(unknown) + ")");
            return ProblemAnswer.of(500, "The database stopped answering while this write was being committed: it "
                    + "may or may not have been stored. Read it back before trying again", path);
        }
        if (failure instanceof ResponseStatusException status) {
            return answer(status, path);
        }
        log.error("Unexpected error answering {}", path, failure);
        return ProblemAnswer.of(500, "The server could not complete the request", path);
    }

    /** WebFlux's own refusals, whose reasons name Java types and are not for the client. */
    private ProblemAnswer answer(ResponseStatusException failure, String path) {
        if (failure instanceof MethodNotAllowedException notAllowed) {
            String allowed = notAllowed.getSupportedMethods().stream().map(Object::toString).sorted()
                    .collect(Collectors.joining(", "));
            return ProblemAnswer.of(405, "Method not allowed here; allowed: " + allowed, path)
                    .with(HttpHeaders.ALLOW, allowed);
        }
        if (failure instanceof NotAcceptableStatusException) {
            return ProblemAnswer.of(406, "This resource only produces application/json", path);
        }
        if (failure instanceof UnsupportedMediaTypeStatusException) {
            return ProblemAnswer.of(415, "Request bodies must be application/json", path);
        }
        if (failure instanceof ServerWebInputException input) {
            if (input.getMethodParameter() != null && input.getMethodParameter().hasParameterAnnotation(PathVariable.class)) {
                return ProblemAnswer.of(404, "No resource at " + path, path); // as Jersey: no such resource
            }
            JsonProcessingException json = causedBy(failure, JsonProcessingException.class);
            if (json != null) {
                return ProblemAnswer.of(400, JsonProblems.describe(json), path);
            }
            if (causedBy(failure, DecodingException.class) != null) {
                return ProblemAnswer.of(400, "The request body could not be read", path);
            }
            return ProblemAnswer.of(400, "The request could not be read", path);
        }
        if (failure.getStatusCode().value() == 404) {
            return ProblemAnswer.of(404, "No resource at " + path, path);
        }
        HttpStatus status = HttpStatus.resolve(failure.getStatusCode().value());
        return ProblemAnswer.of(failure.getStatusCode().value(),
                status != null ? status.getReasonPhrase() : "Error " + failure.getStatusCode().value(), path);
    }

    private static <E extends Throwable> E causedBy(Throwable failure, Class<E> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        return null;
    }

    private static String rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
