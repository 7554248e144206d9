package dev.shapeslab.web.flux;

import dev.shapeslab.web.Problem;
import dev.shapeslab.web.ProblemCatalogue;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.charset.StandardCharsets;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * A problem body for Reactor Netty's own empty error answers (400, 413, 414, 431 to a request it cannot decode), as
 * {@code ProblemErrorReportValve} gives Tomcat's.
 */
@ChannelHandler.Sharable
final class NettyErrorBodies extends ChannelOutboundHandlerAdapter {

    static final String NAME = "shapes.problemBodies";

    /** The server with this handler on each new connection, after the HTTP codec, where responses pass as objects. */
    static HttpServer addTo(HttpServer server) {
        NettyErrorBodies handler = new NettyErrorBodies();
        return server.doOnChannelInit((observer, channel, remote) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, NAME, handler);
            } else {
                channel.pipeline().addLast(NAME, handler);
            }
        });
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        if (message instanceof FullHttpResponse response && response.status().code() >= 400
                && !response.content().isReadable() && !response.headers().contains(HttpHeaderNames.CONTENT_TYPE)) {
            int status = response.status().code();
            byte[] body = ProblemCatalogue.undecodable(status).toJson().getBytes(StandardCharsets.UTF_8);
            FullHttpResponse withBody = response.replace(Unpooled.wrappedBuffer(body));
            withBody.headers().set(HttpHeaderNames.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            response.release();
            context.write(withBody, promise);
            return;
        }
        context.write(message, promise);
    }
}
