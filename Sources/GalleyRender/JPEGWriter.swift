import CJPEG
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Encodes a canvas as JPEG through libjpeg-turbo: baseline, Huffman tables optimised, the colour kept at full
/// resolution from quality 90 up (text's coloured edges blur under 4:2:0), with a JFIF density of 72 dpi × the
/// canvas scale. JPEG has no alpha: a pixel that is not opaque is laid over ``page`` first.
public struct JPEGWriter: Sendable {
    /// The quality, 1 to 100 (libjpeg's scale).
    public var quality: Int
    /// What shows through pixels that are not opaque: white unless the document has a page colour.
    public var page: Color

    /// The qualities a JPEG may be written at.
    public static let qualityRange = 1.0...100
    /// The quality when none is asked for: high enough that text keeps its edges.
    public static let defaultQuality = 90

    /// A writer at `quality` (clamped to ``qualityRange``; ``defaultQuality`` when nil) over `page`.
    public init(quality: Double? = nil, page: Color = .white) {
        let asked = quality ?? Double(Self.defaultQuality)
        self.quality = Int(min(max(asked, Self.qualityRange.lowerBound), Self.qualityRange.upperBound).rounded())
        self.page = page
    }

    /// `canvas` encoded as JPEG. The work's ``Cancellation`` stops the encoder between bands of rows.
    ///
    /// - Throws: ``WorkCancelled`` when cancelled; ``RenderError/jpegFailed(_:)`` when libjpeg refuses the image
    ///   (JPEG holds at most 65,500 pixels a side).
    public func encode(_ canvas: Canvas) throws -> Data {
        guard canvas.width <= Self.sideLimit, canvas.height <= Self.sideLimit else {
            throw RenderError.jpegFailed(
                "\(canvas.width)×\(canvas.height) pixels; JPEG holds at most \(Self.sideLimit) pixels a side (write PNG)"
            )
        }
        try Cancellation.check()
        let pixels = canvas.isOpaque ? canvas.pixels : flattened(canvas)
        var output: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let size = pixels.withUnsafeBufferPointer { buffer in
            galley_jpeg_encode(
                buffer.baseAddress, Int32(canvas.width), Int32(canvas.height), canvas.width * 4, Int32(quality),
                Int32((72 * canvas.scale).rounded()), { Cancellation.current?.isCancelled == true ? 1 : 0 }, &output,
                &message, message.count)
        }
        try Cancellation.check()
        guard size > 0, let output else {
            throw RenderError.jpegFailed(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        defer { galley_jpeg_free(output) }
        return Data(bytes: output, count: size)
    }

    /// The canvas's premultiplied pixels laid over ``page``: opaque RGB, the fourth byte ignored.
    private func flattened(_ canvas: Canvas) -> [UInt8] {
        let under = [page.red, page.green, page.blue].map { Float(max(0, min(1, $0))) * 255 }
        var pixels = canvas.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let keep = 1 - Float(pixels[index + 3]) / 255
            for channel in 0..<3 {
                pixels[index + channel] = Canvas.byte(Float(pixels[index + channel]) + under[channel] * keep)
            }
            pixels[index + 3] = 255
        }
        return pixels
    }

    /// The most pixels a side of a JPEG image may have (libjpeg's JPEG_MAX_DIMENSION).
    public static let sideLimit = 65_500
}
