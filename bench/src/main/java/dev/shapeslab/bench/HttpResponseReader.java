package dev.shapeslab.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * Reads one HTTP/1.1 response off a keep-alive connection and discards its body: just enough HTTP for a
 * load generator (status, {@code Content-Length} or chunked body, {@code Connection: close}, the
 * {@code Location} of a 201 and the {@code Retry-After} of a 503), so that a request costs the generator
 * little CPU.
 *
 * <p>One reader per response, fed the bytes as they come ({@link #feed}): a blocking client feeds what each
 * read returned ({@link #read(InputStream)}), a non-blocking one what each readiness brought
 * ({@link LoopClients}). A connection carries one request at a time, so no byte of a next response can
 * follow the end of this one.
 */
final class HttpResponseReader {

    /**
     * {@code location} is the {@code Location} header as sent, or null; {@code retryAfterSeconds} the
     * {@code Retry-After} header in seconds, or -1 when there is none or it is a date.
     */
    record Response(int status, boolean close, String location, int retryAfterSeconds) {

        Response(int status, boolean close) {
            this(status, close, null, -1);
        }
    }

    private enum Part { STATUS_LINE, HEADERS, BODY, CHUNK_SIZE, CHUNK, CHUNK_END, TRAILERS, UNTIL_CLOSE, DONE }

    private final StringBuilder line = new StringBuilder(64);
    private Part part = Part.STATUS_LINE;
    private int status;
    private boolean close;
    private boolean chunked;
    private long contentLength = -1;
    private long left;
    private String location;
    private int retryAfter = -1;

    /**
     * Blocks until one whole response has been read off {@code in}, and reads no further: the head a byte
     * at a time, a body's bytes skipped in bulk.
     */
    static Response read(InputStream in) throws IOException {
        HttpResponseReader reader = new HttpResponseReader();
        ByteBuffer one = ByteBuffer.allocate(1);
        while (!reader.complete()) {
            long body = reader.bodyBytesLeft();
            if (body > 0) {
                skip(in, body);
                reader.skipped(body);
                continue;
            }
            int b = in.read();
            if (b < 0) {
                return reader.endOfStream();
            }
            reader.feed(one.clear().put((byte) b).flip());
        }
        return reader.response();
    }

    /** Consumes bytes of {@code in} up to the end of the response at most; true once the response is complete. */
    boolean feed(ByteBuffer in) throws IOException {
        while (in.hasRemaining() && part != Part.DONE) {
            switch (part) {
                case BODY, CHUNK -> {
                    int skip = (int) Math.min(left, in.remaining());
                    in.position(in.position() + skip);
                    skipped(skip);
                }
                case UNTIL_CLOSE -> in.position(in.limit());
                default -> {
                    byte b = in.get();
                    if (b == '\n') {
                        endOfLine(line.toString());
                        line.setLength(0);
                    } else if (b != '\r') {
                        line.append((char) (b & 0xff));
                    }
                }
            }
        }
        return part == Part.DONE;
    }

    /** The connection ended: the response, if its body ends with the connection; else what was missing. */
    Response endOfStream() throws EOFException {
        switch (part) {
            case DONE -> {
                return response();
            }
            case UNTIL_CLOSE -> {
                part = Part.DONE;
                return response();
            }
            case STATUS_LINE, HEADERS -> throw new EOFException("connection closed before the end of the response head");
            default -> throw new EOFException("connection closed inside a response body");
        }
    }

    boolean complete() {
        return part == Part.DONE;
    }

    /** Bytes of a body (or of its current chunk) that the reader has no need to see. */
    long bodyBytesLeft() {
        return part == Part.BODY || part == Part.CHUNK ? left : 0;
    }

    /** {@code n} bytes of {@link #bodyBytesLeft()} went by. */
    void skipped(long n) {
        left -= n;
        if (left == 0) {
            part = part == Part.BODY ? Part.DONE : Part.CHUNK_END;
        }
    }

    Response response() {
        if (part != Part.DONE) {
            throw new IllegalStateException("the response is not complete yet");
        }
        return new Response(status, close, location, retryAfter);
    }

    private void endOfLine(String text) throws IOException {
        switch (part) {
            case STATUS_LINE -> statusLine(text);
            case HEADERS -> {
                if (text.isEmpty()) {
                    endOfHead();
                } else {
                    header(text);
                }
            }
            case CHUNK_SIZE -> {
                left = chunkSize(text);
                part = left > 0 ? Part.CHUNK : Part.TRAILERS;
            }
            case CHUNK_END -> part = Part.CHUNK_SIZE; // the CRLF after a chunk
            case TRAILERS -> {
                if (text.isEmpty()) {
                    part = Part.DONE; // trailers are ignored
                }
            }
            default -> throw new IllegalStateException(part.name());
        }
    }

    private void statusLine(String text) throws IOException {
        String[] parts = text.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + text);
        }
        status = Integer.parseInt(parts[1]);
        close = parts[0].equals("HTTP/1.0");
        part = Part.HEADERS;
    }

    private void header(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            return;
        }
        String name = text.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = text.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
        switch (name) {
            case "content-length" -> contentLength = Long.parseLong(value);
            case "transfer-encoding" -> chunked = value.contains("chunked");
            case "connection" -> close = value.contains("close");
            case "location" -> location = text.substring(colon + 1).trim();
            case "retry-after" -> retryAfter = value.chars().allMatch(Character::isDigit) && !value.isEmpty()
                    && value.length() < 9 ? Integer.parseInt(value) : -1;
            default -> { }
        }
    }

    private void endOfHead() {
        boolean bodyless = status == 204 || status == 304 || status / 100 == 1;
        if (bodyless) {
            part = Part.DONE;
        } else if (chunked) {
            part = Part.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            left = contentLength;
            part = left > 0 ? Part.BODY : Part.DONE;
        } else {
            // no length: the body ends with the connection
            close = true;
            part = Part.UNTIL_CLOSE;
        }
    }

    private static void skip(InputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("connection closed inside a response body");
                }
                skipped = 1;
            }
            left -= skipped;
        }
    }

    private static long chunkSize(String line) throws IOException {
        int semicolon = line.indexOf(';');
        try {
            return Long.parseLong((semicolon < 0 ? line : line.substring(0, semicolon)).trim(), 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size line: " + line);
        }
    }
}
