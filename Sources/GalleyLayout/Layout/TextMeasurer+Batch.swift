import Dispatch
@_spi(Stages) import GalleyText

/// One row for ``TextMeasurer/measure(_:width:fontLibrary:settings:threads:limits:)``: its text and the
/// attributes it is set in.
public struct MeasuredRow: Sendable, Hashable {
    /// The text.
    public var text: String
    /// Its attributes.
    public var attributes: TextAttributes

    /// The row `text` in `attributes`.
    public init(_ text: String, attributes: TextAttributes = TextAttributes()) {
        self.text = text
        self.attributes = attributes
    }
}

extension TextMeasurer {
    /// The words each thread of a batch keeps shaped.
    static let batchWordsPerThread = 50_000

    /// Every row of `rows` measured at `width` points, in order, on `threads` threads (every usable processor by
    /// default), each with a measurer and word cache of its own: the measurements one measurer gives one row at a
    /// time, for a fraction of the time. Cancelling the calling task stops the batch within a row's time.
    ///
    /// - Throws: the first row's error (``LayoutError``, ``FontError``; a paragraph over `limits`), or
    ///   ``WorkCancelled``.
    public static func measure(
        _ rows: [MeasuredRow], width: Double, fontLibrary: FontLibrary,
        settings: DynamicTypeSettings = DynamicTypeSettings(), threads: Int = Processors.usable,
        limits: Limits = Limits()
    ) async throws -> [TextMeasurement] {
        let cancellation = Cancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Measuring blocks its threads: off Swift's cooperative pool.
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result {
                            try cancellation.run {
                                try ParallelWork.map(count: rows.count, threads: max(1, threads)) {
                                    let measurer = TextMeasurer(
                                        fontLibrary: fontLibrary, settings: settings,
                                        shapeCache: ShapeCache(entryLimit: batchWordsPerThread))
                                    measurer.limits = limits
                                    return measurer
                                } _: { index, measurer in
                                    try measurer.measure(
                                        rows[index].text, attributes: rows[index].attributes, width: width)
                                }
                            }
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
