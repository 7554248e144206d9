package dev.shapeslab.bench;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One keep-alive HTTP/1.1 connection of a blocking client: opened on first use, and again after the
 * server closed it or an I/O error dropped it. Not thread-safe: one per worker thread.
 */
final class HttpConnection implements Closeable {

    private final URI base;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private Socket socket;
    private InputStream in;

    /** {@code timeoutMillis} bounds the connect and each read (a request stuck longer fails as a timeout). */
    HttpConnection(URI base, int timeoutMillis) {
        this(base, timeoutMillis, timeoutMillis);
    }

    HttpConnection(URI base, int connectTimeoutMillis, int readTimeoutMillis) {
        this.base = base;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.readTimeoutMillis = readTimeoutMillis;
    }

    /** Sends one request ({@code body} null for none, else JSON) and reads its answer; the body is discarded. */
    HttpResponseReader.Response send(String method, String path, String body) throws IOException {
        try {
            if (socket == null) {
                socket = new Socket();
                socket.setTcpNoDelay(true);
                socket.setSoTimeout(readTimeoutMillis);
                socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), connectTimeoutMillis);
                in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
            }
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder(160)
                    .append(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n")
                    .append("Accept: application/json\r\n");
            if (body != null) {
                head.append("Content-Type: application/json\r\nContent-Length: ").append(content.length).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            HttpResponseReader.Response response = HttpResponseReader.read(in);
            if (response.close()) {
                close();
            }
            return response;
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // the connection is dropped either way
            }
        }
        socket = null;
        in = null;
    }
}
