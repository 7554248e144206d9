package dev.shapeslab.web.flux;

import dev.shapeslab.web.ProblemException;
import dev.shapeslab.web.RequestBodyRules;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@link RequestBodyRules} before WebFlux reads a body; one without a declared length is cut off by the JSON decoder's
 * limit ({@link FluxWeb}), which {@link FluxProblems} answers 413 too.
 */
final class FluxBodyGuard implements WebFilter {

    private final long maxBytes;

    FluxBodyGuard(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        HttpHeaders headers = exchange.getRequest().getHeaders();
        long length = headers.getContentLength();
        ProblemException refused = RequestBodyRules.refusal(length, maxBytes,
                headers.getFirst(HttpHeaders.CONTENT_ENCODING), () -> charsetOf(headers),
                () -> length > 0 || headers.containsHeader(HttpHeaders.TRANSFER_ENCODING));
        return refused != null ? Mono.error(refused) : chain.filter(exchange);
    }

    private static String charsetOf(HttpHeaders headers) {
        try {
            MediaType type = headers.getContentType();
            String charset = type == null ? null : type.getParameter("charset");
            return charset == null ? null : charset.replace("\"", ""); // quoted or not, the same name
        } catch (InvalidMediaTypeException malformed) {
            return null; // a malformed Content-Type stays WebFlux's to refuse (415)
        }
    }
}
