import Hummingbird
import NIOCore

/// Hummingbird's basic request context, with the request's connection: a streamed answer its client stops reading
/// is cut by closing it.
package struct ServiceRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
