package dev.shapeslab.web.flux;

import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
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

    /** {@code problem}'s answer to the request at {@code path}: its body and its headers. */
    static ProblemAnswer of(ProblemException problem, String path) {
        return of(problem.problem(path), problem.headers());
    }

    static ProblemAnswer of(Problem problem, Map<String, String> headers) {
        HttpHeaders answer = new HttpHeaders();
        headers.forEach(answer::set);
        return new ProblemAnswer(problem, answer);
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
