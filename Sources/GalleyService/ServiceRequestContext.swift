import Hummingbird
import NIOCore

/// Hummingbird's basic request context, with the request's connection: a streamed answer its client stops reading
/// is cut by closing it.
struct ServiceRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
