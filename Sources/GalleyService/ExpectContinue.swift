import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers `Expect: 100-continue` (which curl sends before bodies over 1 MiB, and waits a second for) with
/// `100 Continue` as the head arrives, unless the body it declares is over the limit: then the final 413 comes
/// without the client sending the body at all. Sits after the HTTP/1 codec, in HTTPTypes' parts.
final class ExpectContinue: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// The largest body accepted, in bytes.
    private let maxBody: Int

    init(maxBody: Int) { self.maxBody = maxBody }

    func handlerAdded(context: ChannelHandlerContext) {
        // HTTP/1.0's closing is read where the version still is: right after the decoder.
        if let decoder = try? context.pipeline.syncOperations.handler(
            type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        {
            try? context.pipeline.syncOperations.addHandler(CloseHTTP10(), position: .after(decoder))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), head.headerFields[.expect]?.lowercased() == "100-continue",
            (head.headerFields[.contentLength].flatMap { Int($0) } ?? 0) <= maxBody
        {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}

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
