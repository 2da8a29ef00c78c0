import CWebP
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Encodes a canvas as WebP through libwebp: lossless by default (every pixel exactly, transparent ones
/// included), or lossy at a quality.
public struct WebPWriter: Sendable {
    /// The lossy quality, 0 to 100 (libwebp's scale); nil writes lossless.
    public var quality: Double?
    /// How hard a lossless image is compressed, 0 to 100 (libwebp's quality for lossless images, at its method 1):
    /// ``fastEffort`` by default, ``smallEffort`` for the smallest file at that method.
    public var effort: Double

    /// The default lossless effort: the benchmark note in a third of the time ``smallEffort`` takes, at 2.8 times
    /// its bytes (still half the PNG's).
    public static let fastEffort = 25.0
    /// The lossless effort of the smallest files at libwebp's method 1.
    public static let smallEffort = 100.0

    /// The qualities a lossy image may be written at.
    public static let qualityRange = 0.0...100

    /// A writer of lossless WebP at `effort` (clamped to 0…100), or of lossy WebP at `quality` (clamped to
    /// ``qualityRange``).
    public init(quality: Double? = nil, effort: Double = fastEffort) {
        self.quality = quality.map { min(max($0, Self.qualityRange.lowerBound), Self.qualityRange.upperBound) }
        self.effort = min(max(effort, 0), 100)
    }

    /// `canvas` encoded as WebP. libwebp encodes the whole image at once; the work's ``Cancellation`` stops it
    /// (asked by libwebp's progress hook as it goes).
    ///
    /// - Throws: ``RenderError/webpTooLarge(width:height:limit:)`` past `limits`' ``Limits/webpPixels`` or WebP's
    ///   16,383 pixels a side; ``WorkCancelled`` when cancelled; ``RenderError/webpFailed(_:)`` when libwebp
    ///   refuses the image.
    public func encode(_ canvas: Canvas, limits: Limits = Limits()) throws -> Data {
        let (width, height) = (canvas.width, canvas.height)
        try limits.checkWebP(width: width, height: height)
        try Cancellation.check()
        let rgba = canvas.straightRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { pixels in
            galley_webp_encode(
                pixels.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality == nil ? 1 : 0,
                Float(quality ?? effort), { Cancellation.current?.isCancelled == true ? 1 : 0 }, &output)
        }
        try Cancellation.check()
        guard size > 0, let output else { throw RenderError.webpFailed("libwebp could not encode the image") }
        defer { galley_webp_free(output) }
        return Data(bytes: output, count: size)
    }

    /// The most pixels a side of a WebP image may have.
    public static let sideLimit = 16_383
}
