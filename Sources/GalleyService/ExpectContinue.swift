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

    /// The service's configuration, whose body limit decides.
    private let configuration: ServiceConfiguration

    init(configuration: ServiceConfiguration) { self.configuration = configuration }

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
            !configuration.declaresBodyOverLimit(head.headerFields)
        {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
