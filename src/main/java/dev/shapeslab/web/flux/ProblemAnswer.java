package dev.shapeslab.web.flux;

import dev.shapeslab.web.Problem;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** An error answer: a {@link Problem} and the headers that go with its status ({@code Retry-After}, {@code Allow}). */
record ProblemAnswer(Problem problem, HttpHeaders headers) {

    static final MediaType MEDIA = MediaType.parseMediaType(Problem.MEDIA_TYPE);

    static ProblemAnswer of(int status, String detail, String path) {
        return new ProblemAnswer(Problem.of(status, detail, path), new HttpHeaders());
    }

    /** 503 with {@code Retry-After}: the client may try again shortly. */
    static ProblemAnswer unavailable(String detail, String path) {
        return of(503, detail, path).with(HttpHeaders.RETRY_AFTER, Long.toString(Problem.RETRY_AFTER_SECONDS));
    }

    ProblemAnswer with(String header, String value) {
        headers.set(header, value);
        return this;
    }

    /** Writes this answer, replacing whatever headers the response had been given so far. */
    Mono<Void> writeTo(ServerWebExchange exchange) {
        ServerHttpResponse response = exchange.getResponse();
        byte[] body = problem.toJson().getBytes(StandardCharsets.UTF_8);
        response.setStatusCode(HttpStatusCode.valueOf(problem.status()));
        response.getHeaders().clear();
        response.getHeaders().addAll(headers);
        response.getHeaders().setContentType(MEDIA);
        response.getHeaders().setContentLength(body.length);
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }
}
