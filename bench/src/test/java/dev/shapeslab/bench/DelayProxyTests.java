package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

/** The proxy between a client and an echo server on loopback, as between the app and its database. */
public class DelayProxyTests {

    private static final int ROUND_TRIP_MS = 150;

    private ServerSocket echoServer;
    private Thread echo;
    private DelayProxy proxy;
    private Thread forwarding;

    @BeforeMethod
    public void startEchoServerBehindTheProxy() throws IOException {
        echoServer = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        echo = new Thread(this::echoEverything, "echo");
        echo.setDaemon(true);
        echo.start();
        proxy = new DelayProxy(0, echoServer.getLocalPort(), ROUND_TRIP_MS);
        forwarding = new Thread(() -> {
            try {
                proxy.run();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, "delay-proxy");
        forwarding.setDaemon(true);
        forwarding.start();
    }

    @AfterMethod(alwaysRun = true)
    public void stop() throws Exception {
        proxy.close();
        echoServer.close();
        forwarding.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(forwarding.isAlive()).as("the proxy stopped when closed").isFalse();
    }

    @Test
    public void aRoundTripThroughTheProxyTakesAtLeastTheDelay() throws IOException {
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
            client.setTcpNoDelay(true);
            client.getOutputStream().write(1); // the first: the proxy's connection to the server is made meanwhile
            assertThat(client.getInputStream().read()).isEqualTo(1);

            long start = System.nanoTime();
            client.getOutputStream().write(42);
            assertThat(client.getInputStream().read()).isEqualTo(42);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(ROUND_TRIP_MS);
        }
    }

    @Test
    public void everyByteComesBackInOrderAndTheEndOfTheStreamPassesThrough() throws IOException {
        byte[] sent = new byte[3 * 1024 * 1024 + 17];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) (i * 31 + i / 251);
        }
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
            Thread writer = new Thread(() -> {
                try {
                    client.getOutputStream().write(sent);
                    client.shutdownOutput();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            byte[] received = readToEnd(client.getInputStream());
            assertThat(received).isEqualTo(sent);
        }
    }

    /** Echoes what each client sends until it ends its stream, then ends its own. */
    private void echoEverything() {
        while (!echoServer.isClosed()) {
            try (Socket accepted = echoServer.accept()) {
                accepted.setTcpNoDelay(true);
                InputStream in = accepted.getInputStream();
                byte[] buffer = new byte[8192];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    accepted.getOutputStream().write(buffer, 0, n);
                }
                accepted.shutdownOutput();
            } catch (IOException e) {
                // closed, or the client went away: the next one
            }
        }
    }

    private static byte[] readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toByteArray();
    }
}
