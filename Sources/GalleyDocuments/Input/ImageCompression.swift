import Galley

/// How a lossless image (PNG, or WebP without a quality) is compressed, as the `compression` setting names it.
public enum ImageCompression: String, CaseIterable, Sendable {
    /// The default: PNG through Intel's ISA-L (`PNGWriter.Deflater.isal`); WebP at libwebp's lossless effort
    /// `WebPWriter.fastEffort`.
    case fast
    /// PNG through zlib at level 9 (`PNGWriter.Deflater.zlib`); WebP at effort `WebPWriter.smallEffort`.
    case small

    /// The lossless effort a WebP is written at.
    public var webpEffort: Double { self == .fast ? WebPWriter.fastEffort : WebPWriter.smallEffort }

    /// The PNG writer of this compression, deflating on `threads` threads.
    public func pngWriter(threads: Int = Processors.usable) -> PNGWriter {
        switch self {
        case .fast: PNGWriter(threads: threads, deflater: .isal)
        case .small: PNGWriter(compressionLevel: 9, threads: threads, deflater: .zlib)
        }
    }
}
