package dev.shapeslab.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request to the app under test, built fluently, sent with the JDK's client and answered with a {@link Reply}.
 * It replaced REST Assured, whose Groovy took half the contract's CPU in test JVMs that run the client compiler only,
 * and sends what REST Assured sent: an Accept of any type unless another is asked, a text body in the charset its
 * Content-Type names, redirects not followed (the service issues none). Except that JDK 17's client declares
 * {@code Content-Length: 0} on a GET or DELETE, where REST Assured declared nothing; the servers see a body only
 * in a length above 0 or in chunks.
 */
final class Api {

    static final String APPLICATION_JSON = "application/json";

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private static final Pattern CHARSET = Pattern.compile("(?i);\\s*charset=\"?([^\";\\s]+)");

    private final int port;
    private final BiConsumer<HttpRequest, Reply> onReply;
    private final HttpRequest.Builder request = HttpRequest.newBuilder();
    private String accept = "*/*";
    private String contentType;
    private String text;
    private byte[] bytes;
    private InputStream stream;

    /** Requests to {@code 127.0.0.1:port}; {@code onReply} sees each request with its reply. */
    Api(int port, BiConsumer<HttpRequest, Reply> onReply) {
        this.port = port;
        this.onReply = onReply;
    }

    Api contentType(String contentType) {
        this.contentType = contentType;
        return this;
    }

    Api accept(String accept) {
        this.accept = accept;
        return this;
    }

    Api header(String name, String value) {
        request.header(name, value);
        return this;
    }

    /** A text body, encoded in the charset its Content-Type names, else UTF-8 (JSON's), as REST Assured encoded it. */
    Api body(String text) {
        this.text = text;
        return this;
    }

    Api body(byte[] bytes) {
        this.bytes = bytes;
        return this;
    }

    /**
     * A body of unknown length, sent in chunks without a Content-Length. (REST Assured 6 read a stream whole and
     * declared its length.)
     */
    Api body(InputStream stream) {
        this.stream = stream;
        return this;
    }

    /** A path from the root (query included), or an absolute URI such as a Location. */
    Reply get(String path) {
        return send("GET", path);
    }

    Reply post(String path) {
        return send("POST", path);
    }

    Reply put(String path) {
        return send("PUT", path);
    }

    Reply patch(String path) {
        return send("PATCH", path);
    }

    Reply delete(String path) {
        return send("DELETE", path);
    }

    private Reply send(String method, String path) {
        byte[] body = text != null ? text.getBytes(charset(contentType)) : bytes;
        request.uri(URI.create(path.startsWith("http") ? path : "http://127.0.0.1:" + port + path))
                .header("Accept", accept)
                .method(method, body != null ? BodyPublishers.ofByteArray(body)
                        : stream != null ? BodyPublishers.ofInputStream(() -> stream) : BodyPublishers.noBody());
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        HttpRequest sent = request.build();
        try {
            Reply reply = new Reply(CLIENT.send(sent, HttpResponse.BodyHandlers.ofString()));
            onReply.accept(sent, reply);
            return reply;
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path, e);
        }
    }

    private static Charset charset(String contentType) {
        Matcher charset = CHARSET.matcher(contentType == null ? "" : contentType);
        return charset.find() ? Charset.forName(charset.group(1)) : StandardCharsets.UTF_8;
    }

    /** A response, its body decoded in the charset its Content-Type names, else UTF-8. */
    static final class Reply {

        private final HttpResponse<String> response;
        private JsonNode json;

        private Reply(HttpResponse<String> response) {
            this.response = response;
        }

        int statusCode() {
            return response.statusCode();
        }

        /** The header's last value, as REST Assured's {@code header(name)} gave it, or null without one. */
        String header(String name) {
            List<String> values = response.headers().allValues(name);
            return values.isEmpty() ? null : values.get(values.size() - 1);
        }

        /** The Content-Type with its parameters, or "" without one. */
        String contentType() {
            String type = header("Content-Type");
            return type == null ? "" : type;
        }

        String asString() {
            return response.body();
        }

        JsonNode json() {
            if (json == null) {
                try {
                    json = EntityFixture.JSON.readTree(asString());
                } catch (IOException e) {
                    throw new AssertionError("not JSON: " + asString(), e);
                }
            }
            return json;
        }

        /**
         * The JSON at a path of field names joined by dots, read as REST Assured read it: a field of an array is
         * that field of each element ({@code shapes.id}: every shape's id, and null where one has none).
         */
        JsonNode at(String path) {
            JsonNode node = json();
            for (String field : path.split("\\.")) {
                if (node.isArray()) {
                    ArrayNode each = EntityFixture.JSON.createArrayNode();
                    node.forEach(element -> each.add(element.get(field)));
                    node = each;
                } else {
                    node = node.path(field);
                }
            }
            return node;
        }

        /** The text at the path, or null where there is none. */
        String textAt(String path) {
            JsonNode value = at(path);
            return value.isMissingNode() || value.isNull() ? null : value.asText();
        }

        long longAt(String path) {
            JsonNode value = at(path);
            if (!value.isIntegralNumber()) {
                throw new AssertionError("no whole number at " + path + ": " + asString());
            }
            return value.asLong();
        }

        List<Long> longsAt(String path) {
            List<Long> values = new ArrayList<>();
            at(path).forEach(value -> values.add(value.isNull() ? null : value.asLong()));
            return values;
        }

        List<String> textsAt(String path) {
            List<String> values = new ArrayList<>();
            at(path).forEach(value -> values.add(value.isNull() ? null : value.asText()));
            return values;
        }
    }
}
