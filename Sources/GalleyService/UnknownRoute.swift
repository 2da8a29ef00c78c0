import GalleyDocuments
import GalleyRequests
import Hummingbird

/// Answers a request for a route the service does not have with 404 and `{"error": …}`, as every other refusal is
/// answered (Hummingbird's own 404 has an empty body). Added to the router after the routes, it wraps only the
/// responder of unmatched paths: the routes' responders are made with the middleware present when each is added.
struct UnknownRoute: RouterMiddleware {
    typealias Context = ServiceRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let routes = "POST /v1/measure, /v1/render, /v1/layout; GET /healthz, /readyz, /metrics"
            return Routes.json(
                .notFound,
                #"{"error":"#
                    + JSONValue.string("no route \(request.uri.path.prefix(100)); the routes are \(routes)").serialized
                    + "}")
        }
    }
}
