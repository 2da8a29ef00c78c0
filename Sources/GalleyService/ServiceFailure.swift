import HTTPTypes

/// A request the service answers with an error status and `{"error": "…"}`.
public struct ServiceFailure: Error, Sendable, CustomStringConvertible {
    /// The status answered.
    public let status: HTTPResponse.Status
    /// The one-line message, as the command line words it.
    public let message: String
    /// Seconds after which a retry may succeed, sent as Retry-After.
    public var retryAfter: Int?

    /// A failure answered with `status` and `message`.
    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    /// A bad request: the command refused its options or its input.
    public static func badRequest(_ message: String) -> ServiceFailure { ServiceFailure(.badRequest, message) }

    public var description: String { message }
}

extension HTTPResponse.Status {
    /// nginx's 499, logged (never sent) for a request whose client went away before its answer.
    static let clientClosed = HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")
}
