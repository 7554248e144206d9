package dev.shapeslab.web.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.shapeslab.web.JsonProblems;
import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import dev.shapeslab.web.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/** Every error under {@code webflux} as problem+json, ahead of Boot's handler, which answers with the message. */
@Order(-2)
final class FluxProblems implements WebExceptionHandler {

    private static final MediaType MEDIA = MediaType.parseMediaType(Problem.MEDIA_TYPE);

    private final long maxBodyBytes;

    FluxProblems(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        if (exchange.getResponse().isCommitted()) {
            return Mono.error(failure); // too late for another answer: the connection is closed
        }
        String path = exchange.getRequest().getPath().value();
        ProblemException answer = problem(failure, path);
        return write(exchange, answer.problem(path), answer.headers());
    }

    /** Writes {@code problem} and {@code headers} as the answer, replacing whatever headers it had been given so far. */
    static Mono<Void> write(ServerWebExchange exchange, Problem problem, Map<String, String> headers) {
        ServerHttpResponse response = exchange.getResponse();
        byte[] body = problem.toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatusCode(HttpStatusCode.valueOf(problem.status()));
        response.getHeaders().clear();
        headers.forEach(response.getHeaders()::set);
        response.getHeaders().setContentType(MEDIA);
        response.getHeaders().setContentLength(body.length);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }

    private ProblemException problem(Throwable failure, String path) {
        if (causedBy(failure, DataBufferLimitException.class) != null) {
            // The codecs' limit, crossed while a body without Content-Length was read (FluxBodyGuard refuses the rest).
            return ProblemCatalogue.BODY_TOO_LARGE.exception(maxBodyBytes);
        }
        ProblemException known = ProblemCatalogue.answer(failure);
        if (known != null) {
            return known;
        }
        if (failure instanceof ResponseStatusException status) {
            return problem(status, path);
        }
        return ProblemCatalogue.unexpected(failure, path);
    }

    /** WebFlux's own refusals, whose reasons name Java types and are not for the client. */
    private ProblemException problem(ResponseStatusException failure, String path) {
        if (failure instanceof MethodNotAllowedException notAllowed) {
            String allowed = notAllowed.getSupportedMethods().stream().map(Object::toString).sorted()
                    .collect(Collectors.joining(", "));
            return ProblemCatalogue.METHOD_NOT_ALLOWED.exception(allowed).with(HttpHeaders.ALLOW, allowed);
        }
        if (failure instanceof NotAcceptableStatusException) {
            return ProblemCatalogue.NOT_ACCEPTABLE.exception();
        }
        if (failure instanceof UnsupportedMediaTypeStatusException) {
            return ProblemCatalogue.NOT_JSON.exception();
        }
        if (failure instanceof ServerWebInputException input) {
            if (input.getMethodParameter() != null && input.getMethodParameter().hasParameterAnnotation(PathVariable.class)) {
                return ProblemCatalogue.NO_RESOURCE.exception(path); // as Jersey: no such resource
            }
            JsonProcessingException json = causedBy(failure, JsonProcessingException.class);
            if (json != null) {
                return ProblemCatalogue.INVALID_JSON.exception(JsonProblems.describe(json));
            }
            if (causedBy(failure, DecodingException.class) != null) {
                return ProblemCatalogue.BODY_UNREADABLE.exception();
            }
            return ProblemCatalogue.REQUEST_UNREADABLE.exception();
        }
        int status = failure.getStatusCode().value();
        if (status == 404) {
            return ProblemCatalogue.NO_RESOURCE.exception(path);
        }
        HttpStatus known = HttpStatus.resolve(status);
        return new ProblemException(status, known != null ? known.getReasonPhrase() : "Error " + status);
    }

    private static <E extends Throwable> E causedBy(Throwable failure, Class<E> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        return null;
    }
}
