package dev.shapeslab.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Reads one HTTP/1.1 response off a keep-alive connection and discards its body: just enough HTTP for a
 * load generator (status, {@code Content-Length} or chunked body, {@code Connection: close}, the
 * {@code Location} of a 201 and the {@code Retry-After} of a 503), so that a request costs the generator
 * little CPU.
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

    private HttpResponseReader() {
    }

    static Response read(InputStream in) throws IOException {
        String statusLine = line(in);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        long contentLength = -1;
        boolean chunked = false;
        boolean close = parts[0].equals("HTTP/1.0");
        String location = null;
        int retryAfter = -1;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.contains("chunked");
                case "connection" -> close = value.contains("close");
                case "location" -> location = header.substring(colon + 1).trim();
                case "retry-after" -> retryAfter = value.chars().allMatch(Character::isDigit) && !value.isEmpty()
                        && value.length() < 9 ? Integer.parseInt(value) : -1;
                default -> { }
            }
        }
        boolean bodyless = status == 204 || status == 304 || status / 100 == 1;
        if (bodyless) {
            return new Response(status, close, location, retryAfter);
        }
        if (chunked) {
            for (long size = chunkSize(line(in)); size > 0; size = chunkSize(line(in))) {
                skip(in, size);
                line(in); // the CRLF after the chunk
            }
            for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
                // trailers are ignored
            }
        } else if (contentLength >= 0) {
            skip(in, contentLength);
        } else {
            // no length: the body ends with the connection
            while (in.read() >= 0) {
                // drain
            }
            close = true;
        }
        return new Response(status, close, location, retryAfter);
    }

    private static long chunkSize(String line) throws IOException {
        int semicolon = line.indexOf(';');
        try {
            return Long.parseLong((semicolon < 0 ? line : line.substring(0, semicolon)).trim(), 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size line: " + line);
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

    /** One line without its CRLF; status line, header names and chunk sizes are ASCII. */
    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("connection closed before the end of the response head");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
