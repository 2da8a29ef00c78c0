import GalleyDocuments
import GalleyRequests
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// `galley serve`: the HTTP service (Hummingbird 2 under swift-service-lifecycle), answering as the commands do.
public struct GalleyServer: Sendable {
    /// Where it listens and the bounds on its work.
    public let configuration: ServiceConfiguration

    /// A service with `configuration`.
    public init(configuration: ServiceConfiguration) {
        self.configuration = configuration
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting, finishes the requests in flight and returns.
    /// `onListening` is told the port once the socket listens; requests are logged one line each on standard
    /// error.
    public func run(onListening: @escaping @Sendable (_ port: Int) -> Void) async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "galley")
        let metrics = ServiceMetrics()
        metrics.bootstrap()
        let draining = Draining()
        let deadlines = Deadlines()
        let watcher = Task { await deadlines.watch() }
        defer { watcher.cancel() }
        let application = makeApplication(metrics: metrics, draining: draining, deadlines: deadlines, logger: logger) {
            channel in
            onListening(channel.localAddress?.port ?? configuration.port)
        }
        // Shut down in reverse order: the watch marks the service as draining before the server stops accepting.
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    application, DrainWatch(draining: draining, delay: configuration.drainDelay, logger: logger),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
        } catch let error as IOError {
            // Binding is where the system refuses (a port in use, an address not on this machine, a port below
            // 1024 without the right): say so in its words, not NIO's call.
            throw ServiceFailure(
                .internalServerError,
                "cannot listen on \(configuration.host):\(configuration.port) (\(String(cString: strerror(error.errnoCode))))"
            )
        }
    }

    /// The service's application: its routes over a work pool, listening where ``configuration`` says once run,
    /// reporting into `metrics` (bootstrapped once per process); `draining` is set when a graceful shutdown begins,
    /// and `deadlines` must be watched for requests to time out. In-process tests call its responder with each
    /// request.
    package func makeApplication(
        metrics: ServiceMetrics, draining: Draining, deadlines: Deadlines, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> Application<RouterResponder<ServiceRequestContext>> {
        let routes = Routes(
            configuration: configuration, work: RouteWork(workers: configuration.workers),
            pool: WorkPool(workers: configuration.workers, queue: configuration.queue, deadlines: deadlines),
            metrics: metrics,
            draining: draining, access: .only(configuration.allowedDirectories),
            bodies: BodyBudget(
                limit: configuration.maxBody.multipliedReportingOverflow(
                    by: configuration.workers + configuration.queue
                )
                .partialValue))
        let router = Router(context: ServiceRequestContext.self)
        routes.add(to: router)
        router.add(middleware: UnknownRoute())
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ExpectContinue(configuration: configuration)],
                    idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "galley", backlog: 1024),
            onServerRunning: onServerRunning,
            logger: logger)
    }
}

/// Marks the service as draining when a graceful shutdown begins, so that `/readyz` fails and new work is refused
/// while the requests in flight finish, and holds the shutdown back for `delay`, while the server still accepts
/// connections and answers `/readyz` with 503 (the server stops accepting once this service has ended).
private struct DrainWatch: Service {
    let draining: Draining
    let delay: Duration
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        // Cancelled rather than asked to shut down: the server itself failed (a port in use); nothing drains.
        guard !Task.isCancelled else { return }
        draining.set()
        logger.notice(
            "draining: new work is refused and /readyz says so; the requests in flight finish",
            metadata: ["delay": "\(delay)"])
        try? await Task.sleep(for: delay)
    }
}
