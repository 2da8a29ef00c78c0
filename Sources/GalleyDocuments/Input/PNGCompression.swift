/// How a PNG is deflated, as the `compression` setting names it.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// Intel's ISA-L (`PNGWriter.Deflater.isal`): the default.
    case fast
    /// zlib at level 9 (`PNGWriter.Deflater.zlib`).
    case small
}
