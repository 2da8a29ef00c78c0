import NIOCore
import NIOHTTP1

/// Marks an HTTP/1.0 request without `Connection: keep-alive` as `Connection: close`, so the connection closes once
/// it is answered, as HTTP/1.0 means (the HTTPTypes parts the server reads carry no version: it held such
/// connections until the idle timeout). Sits right after the HTTP/1 decoder; ``ExpectContinue`` puts it there.
final class CloseHTTP10: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version.major == 1, head.version.minor == 0,
            !head.isKeepAlive, !head.headers.contains(name: "connection")
        else { return context.fireChannelRead(data) }
        head.headers.add(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
