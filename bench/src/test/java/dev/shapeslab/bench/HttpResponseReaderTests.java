package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/** The generators' HTTP response reader, fed whole, a byte at a time, and split at every position. */
public class HttpResponseReaderTests {

    private static final String CREATED = "HTTP/1.1 201 \r\nLocation: http://127.0.0.1:18080/circles/42\r\n"
            + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
    private static final String REJECTED = "HTTP/1.1 503 \r\nRetry-After: 1\r\nContent-Type: application/problem+json\r\n"
            + "Content-Length: 12\r\nConnection: close\r\n\r\n{\"status\":1}";
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5\r\nhello\r\n3;ext=1\r\n, w\r\n0\r\nX-Trailer: t\r\n\r\n";
    private static final String NO_CONTENT = "HTTP/1.1 204 No Content\r\n\r\n";

    @DataProvider
    public Object[][] responses() {
        return new Object[][] {
                {CREATED, new HttpResponseReader.Response(201, false, "http://127.0.0.1:18080/circles/42", -1)},
                {REJECTED, new HttpResponseReader.Response(503, true, null, 1)},
                {CHUNKED, new HttpResponseReader.Response(200, false)},
                {NO_CONTENT, new HttpResponseReader.Response(204, false)},
                {"HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", new HttpResponseReader.Response(200, true)},
                {"HTTP/1.1 503 \r\nRetry-After: Wed, 21 Oct 2026 07:28:00 GMT\r\nContent-Length: 0\r\n\r\n",
                        new HttpResponseReader.Response(503, false)},
        };
    }

    @Test(dataProvider = "responses")
    public void aResponseSplitAnywhereReadsTheSame(String text, HttpResponseReader.Response expected) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        for (int split = 0; split <= bytes.length; split++) {
            HttpResponseReader reader = new HttpResponseReader();
            boolean firstComplete = reader.feed(ByteBuffer.wrap(bytes, 0, split));
            assertThat(firstComplete).as("complete after %d of %d bytes", split, bytes.length).isEqualTo(split == bytes.length);
            ByteBuffer rest = ByteBuffer.wrap(bytes, split, bytes.length - split);
            assertThat(firstComplete || reader.feed(rest)).isTrue();
            assertThat(rest.hasRemaining()).isFalse();
            assertThat(reader.response()).isEqualTo(expected);
        }
    }

    @Test(dataProvider = "responses")
    public void aBlockingReadStopsAtTheEndOfTheResponse(String text, HttpResponseReader.Response expected) throws IOException {
        assertThat(HttpResponseReader.read(oneByteAtATime(text))).isEqualTo(expected);
    }

    @Test
    public void aBodyWithoutLengthEndsWithTheConnection() throws IOException {
        String text = "HTTP/1.1 200 OK\r\n\r\nuntil the end";
        HttpResponseReader reader = new HttpResponseReader();
        assertThat(reader.feed(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)))).isFalse();
        assertThat(reader.endOfStream()).isEqualTo(new HttpResponseReader.Response(200, true));
        assertThat(HttpResponseReader.read(oneByteAtATime(text))).isEqualTo(new HttpResponseReader.Response(200, true));
    }

    @Test
    public void aConnectionClosedEarlySaysWhereTheResponseWasCut() {
        assertThatThrownBy(() -> HttpResponseReader.read(oneByteAtATime("HTTP/1.1 201 \r\nContent-Len")))
                .isInstanceOf(EOFException.class).hasMessage("connection closed before the end of the response head");
        assertThatThrownBy(() -> HttpResponseReader.read(oneByteAtATime(CREATED.substring(0, CREATED.length() - 1))))
                .isInstanceOf(EOFException.class).hasMessage("connection closed inside a response body");
        assertThatThrownBy(() -> HttpResponseReader.read(oneByteAtATime("")))
                .isInstanceOf(EOFException.class).hasMessage("connection closed before the end of the response head");
    }

    @Test
    public void whatIsNotHttpIsAnError() {
        assertThatThrownBy(() -> HttpResponseReader.read(oneByteAtATime("SSH-2.0-OpenSSH\r\n\r\n")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("not an HTTP/1.x status line");
        assertThatThrownBy(() -> HttpResponseReader.read(oneByteAtATime(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")))
                .isInstanceOf(IOException.class).hasMessage("bad chunk size line: zz");
    }

    /** A stream that returns one byte per read, as a socket may. */
    private static InputStream oneByteAtATime(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }
}
