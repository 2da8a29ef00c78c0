import Metrics
import Prometheus

/// What `GET /metrics` reports, through swift-metrics into a Prometheus registry: requests by route and status,
/// their durations, rows measured, and the pool's load and the bytes of request bodies held when scraped.
package struct ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    /// Metrics with an empty registry.
    package init() {}

    /// Makes swift-metrics report into ``registry``; once per process.
    package func bootstrap() {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }

    /// Counts a finished request and its duration.
    func record(route: String, status: Int, duration: Duration, rows: Int) {
        Counter(label: "galley_requests_total", dimensions: [("route", route), ("status", String(status))])
            .increment()
        Metrics.Timer(label: "galley_request_duration_seconds", dimensions: [("route", route)])
            .recordNanoseconds(duration.nanoseconds)
        if rows > 0 { Counter(label: "galley_rows_measured_total").increment(by: rows) }
    }

    /// The registry's text exposition, with the pool's load and the bytes of request bodies held (being uploaded
    /// or waiting for their work) as gauges.
    func exposition(load: (admitted: Int, busyWorkers: Int), bodyBytes: Int) -> [UInt8] {
        Gauge(label: "galley_requests_admitted").record(load.admitted)
        Gauge(label: "galley_workers_busy").record(load.busyWorkers)
        Gauge(label: "galley_request_body_bytes").record(bodyBytes)
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in seconds.
    var seconds: Double { Double(nanoseconds) / 1e9 }
}
