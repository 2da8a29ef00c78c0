import HTTPTypes

/// How `galley serve` runs: where it listens, which folders documents may read, and the bounds on its work.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on (default 127.0.0.1: this machine only).
    public var host = "127.0.0.1"
    /// The TCP port (0: any free one, reported when the service starts).
    public var port = 8080
    /// The folders whose files (and their subfolders') documents may name: pictures and font files. None by
    /// default: a document reads no file, and pictures come inline as data URIs.
    public var allowedDirectories: [String] = []
    /// Threads that measure and draw (default one per usable processor).
    public var workers: Int
    /// Requests that may wait for a worker; past `workers + queue` requests at once, one more gets 503 at once.
    public var queue: Int
    /// How long a request may take, reading its body and waiting for a worker included.
    public var deadline: Duration = .seconds(10)
    /// The largest request body accepted, in bytes (the CLI's input file limit by default).
    public var maxBody: Int
    /// How long a connection may send nothing before it is closed: a client trickling its headers or body holds
    /// only a connection, and not past this.
    public var idleTimeout: Duration = .seconds(30)
    /// How long the service keeps answering after SIGTERM before it stops accepting connections: `/readyz` says
    /// 503 `draining` meanwhile (and new work is refused), so a load balancer sees it leave instead of a refused
    /// connection.
    public var drainDelay: Duration = .seconds(1)

    /// The defaults: `workers` threads, a queue of ``defaultQueue`` requests, bodies of up to `maxBody` bytes.
    public init(workers: Int, maxBody: Int) {
        self.workers = workers
        queue = Self.defaultQueue
        self.maxBody = maxBody
    }

    /// Requests that may wait by default: enough for a client pool of a hundred connections to see no 503 while
    /// the workers keep up, while the bodies held stay bounded by `(workers + queue) × maxBody`.
    public static let defaultQueue = 128

    /// The most workers accepted.
    public static let workerLimit = 256
    /// The longest queue accepted.
    public static let queueLimit = 100_000
}

extension ServiceConfiguration {
    /// Whether the body a request's `headers` declare (`Content-Length`) is over ``maxBody``: refused before it is
    /// read, and never invited with `100 Continue`. An undeclared length is judged as the body arrives.
    func declaresBodyOverLimit(_ headers: HTTPFields) -> Bool {
        (headers[.contentLength].flatMap { Int($0) } ?? 0) > maxBody
    }
}
