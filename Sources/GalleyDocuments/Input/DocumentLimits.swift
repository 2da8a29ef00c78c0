/// The limits on the documents, notes and input files GalleyDocuments reads, each broken with an error that names
/// it; beside the library's own `Limits` (paragraphs, images), which apply here too. They travel with the work:
/// `RequestOptions.documentLimits` (GalleyRequests) for a request, the `limits` parameter of ``InputReader``'s,
/// ``NoteReader``'s and ``DocumentReader``'s readers otherwise.
///
/// ```swift
/// var limits = DocumentLimits()
/// limits.inputFileBytes = 64 << 20      // allow longer notes
/// let document = try InputReader.read(path: "long.md", defaults: defaults, library: library, limits: limits)
/// ```
public struct DocumentLimits: Hashable, Sendable {
    /// Bytes in one input file (a note, a JSON document, a `measure` input read whole).
    public var inputFileBytes = 16 << 20
    /// Pixels in all the distinct pictures one document reads, decoded (a picture named twice counts once):
    /// 4 × 4096 × 4096, about 256 MiB.
    public var documentImagePixels = 1 << 26
    /// Cells in all the tables of one note: each cell is a run of text with its own attributes, so a table's
    /// memory grows with its cells, not its bytes (a 2,000 × 200 table of 815 kB took 1.1 GB).
    public var tableCells = 20_000

    /// The default limits.
    public init() {}
}
