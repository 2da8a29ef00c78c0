import CFreeType
import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#endif

/// One face of a font file: the file's path and the face's index in it (a `.ttc` holds several).
///
/// A face is size-less; ``Font`` adds a size and variation coordinates. Faces are created and uniqued by
/// ``FontLibrary``, so two faces compare equal only when they are the same object.
///
/// Thread safety: the HarfBuzz face is immutable once made and safe to share. A FreeType face is not, so every
/// use of one goes through `withFreeTypeFace(_:)`, which holds its lock.
public final class FontFace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The font file's path; for a font compiled into Galley, its path under the source tree's `Fonts/`
    /// (such as `Fonts/Inter/Inter-roman.var.ttf`).
    public let path: String
    /// The face's index inside the file (0 for single-face files).
    public let index: Int
    /// The family name, such as `Inter` or `Noto Sans CJK SC`.
    public let familyName: String
    /// The style name of the face's default instance, such as `Regular` or `Bold`.
    public let styleName: String
    /// Font design units per em.
    public let unitsPerEm: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// The OS/2 weight class of the default instance (400 regular, 700 bold).
    public let weightClass: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// The variation axes; empty for a static font.
    public let axes: [FontAxis]
    /// Whether the face is monospaced (its `post` table says so, as JetBrains Mono's does): text asking for it keeps
    /// to its cells, glyphs other faces draw in its place included (`Shaper`).
    public let isFixedPitch: Bool
    /// Whether the face is one of Galley's bundled fonts (compiled in, or from a fonts directory given to
    /// ``FontLibrary``).
    public let isBundled: Bool
    /// Whether the face has the OpenType `halt` feature (half-width forms of full-width punctuation), which
    /// punctuation trimming uses; read from the GPOS table once, when first asked.
    public var hasHalfWidthPunctuation: Bool { shapingFacts.hasHalfWidthPunctuation }

    /// Whether the face has vertical metrics (a `vmtx` table): without them HarfBuzz advances every upright glyph
    /// by the font's ascent plus descent.
    package let hasVerticalMetrics: Bool

    let hbFace: OpaquePointer
    /// Whether the face draws colour bitmaps from strikes (an emoji font), whose advances follow the strike's
    /// metrics (``bitmapAdvance(of:)``).
    package let hasBitmapStrikes: Bool
    /// ``bitmapAdvance(of:)`` per glyph, filled as glyphs are met (at most the face's glyph count).
    let bitmapAdvances = Locked<[UInt32: Double]>([:])
    /// What shaping learns about the face from its tables, read once each.
    package let shapingFacts: ShapingFacts
    private let blob: OpaquePointer
    /// FreeType's faces of this face, each behind its own lock, since an FT_Face is not thread-safe: threads
    /// drawing at once take different ones instead of waiting for one (on two cores, Chinese text spent its
    /// drawing threads' time queued on one face). Each opens from the same bytes when first needed, and the
    /// second and later only when every one before was busy: a Chinese face is slow to open, so one thread opens
    /// one. A face from a file has its first opened with it.
    private let freeTypeFaces = (0..<FontFace.freeTypeFaceLimit).map { _ in Locked(FreeTypeFace.unopened) }
    /// One FreeType face per processor, at least two (so a use that finds the first busy never waits) and at most
    /// eight.
    private static let freeTypeFaceLimit = min(8, max(2, Processors.usable))

    private enum FreeTypeFace {
        case unopened
        case open(FT_Face)
        /// FreeType could not open the face: it draws nothing, and is not tried again.
        case unusable
    }

    /// Held strongly (an instance points back without retaining, so there is no cycle): weak references would
    /// move every instance's reference count to a side table and make each copy of a ``Font`` several times
    /// dearer. Bounded; a ``Font`` keeps its own instance alive after the table empties.
    private let instances = Locked(BoundedTable<[FontVariation], FontInstance>(costLimit: 256))

    /// When FreeType reads a face opened from a file.
    enum FreeTypeOpening {
        /// Now, proving every table whole and the glyphs loadable, and kept open (a file the caller named).
        case verifiedAndKept
        /// Now, proving the same, then closed until a glyph is drawn (a fonts directory's faces: many may be
        /// opened at start, and each open FreeType face holds memory).
        case verified
        /// When a glyph is first drawn (a file fontconfig found, having read it with FreeType).
        case whenDrawn
    }

    /// Opens face `index` of the font file at `path`, in FreeType as `freeType` says.
    ///
    /// - Throws: ``FontError/fileNotFound(path:)``, ``FontError/invalidFontFile(path:reason:)`` for a file
    ///   that FreeType or HarfBuzz cannot read (or, when verified, whose tables are cut short or whose glyphs do not
    ///   load), ``FontError/faceIndexOutOfRange(path:index:faceCount:)``. A path that is not a regular file (a
    ///   directory, a FIFO, a device such as `/dev/zero`) or is larger than ``FontLibrary/fontFileByteLimit`` is
    ///   refused before it is read.
    convenience init(path: String, index: Int, isBundled: Bool, freeType: FreeTypeOpening = .verifiedAndKept) throws {
        let blob = try Self.fileBlob(path: path)
        try self.init(blob: blob, path: path, index: index, isBundled: isBundled)
        // A file is proved a font by FreeType now, as the error promises; the compiled-in fonts are proved by
        // Galley's tests, and open in FreeType only when a glyph of theirs is drawn.
        guard freeType != .whenDrawn else { return }
        let face = try Self.openFreeTypeFace(blob, path: path, index: index)
        do {
            try verify(face)
        } catch {
            try? FreeType.withLibrary { _ in _ = FT_Done_Face(face) }
            throw error
        }
        if freeType == .verifiedAndKept {
            freeTypeFaces[0].withLock { $0 = .open(face) }
        } else {
            try? FreeType.withLibrary { _ in _ = FT_Done_Face(face) }
        }
    }

    /// Proves the face usable: every table the directory lists lies whole inside the file (FreeType leaves out a
    /// table that does not and HarfBuzz cuts it short, both silently, so a truncated file draws blanks), and the
    /// last glyph loads.
    private func verify(_ face: FT_Face) throws {
        var kept: [hb_tag_t: Int] = [:]
        var tableIndex: FT_UInt = 0
        var tag: FT_ULong = 0, declared: FT_ULong = 0
        while FT_Sfnt_Table_Info(face, tableIndex, &tag, &declared) == 0 {
            kept[hb_tag_t(truncatingIfNeeded: tag)] = Int(declared)
            tableIndex += 1
        }
        var count = hb_face_get_table_tags(hbFace, 0, nil, nil)
        var listed = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_face_get_table_tags(hbFace, 0, &count, &listed)
        for tag in listed.prefix(Int(count)) {
            let table = hb_face_reference_table(hbFace, tag)
            let present = Int(hb_blob_get_length(table))
            hb_blob_destroy(table)
            guard let declared = kept[tag], present >= declared else {
                throw FontError.invalidFontFile(
                    path: path, reason: "its '\(OpenTypeTag.string(from: tag))' table is cut short or outside the file")
            }
        }
        // A face of bitmaps alone (colour emoji) loads a glyph only from a strike.
        let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        if !scalable, face.pointee.num_fixed_sizes > 0 { _ = FT_Select_Size(face, 0) }
        let flags = scalable ? Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_HINTING) : Int32(FT_LOAD_COLOR)
        let status = FT_Load_Glyph(face, FT_UInt(glyphCount - 1), flags)
        guard status == 0 else {
            throw FontError.invalidFontFile(
                path: path, reason: "glyph \(glyphCount - 1) does not load (\(FreeType.message(for: status)))")
        }
    }

    /// Opens face `index` of a font compiled into Galley, whose bytes live as long as the process.
    convenience init(bundledPath: String, bytes: UnsafeRawBufferPointer, index: Int) throws {
        guard let base = bytes.baseAddress, let length = UInt32(exactly: bytes.count),
            let blob = hb_blob_create_or_fail(
                base.assumingMemoryBound(to: CChar.self), length, HB_MEMORY_MODE_READONLY, nil, nil)
        else {
            throw FontError.invalidFontFile(path: bundledPath, reason: "\(bytes.count) bytes cannot be mapped")
        }
        try self.init(blob: blob, path: bundledPath, index: index, isBundled: true)
    }

    /// Takes ownership of `blob`, destroying it if the face cannot be made. Reads what the face is from its
    /// tables through HarfBuzz, which touches only those tables; FreeType (which parses the character map,
    /// glyph locations and CFF charset of the face as it opens it: most of a 10 MB Chinese font's pages) opens
    /// it when drawing first needs it.
    private init(blob: OpaquePointer, path: String, index: Int, isBundled: Bool) throws {
        var blobOwner: OpaquePointer? = blob
        defer { if let blobOwner { hb_blob_destroy(blobOwner) } }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            throw FontError.invalidFontFile(path: path, reason: "no OpenType or TrueType face in the file")
        }
        guard index >= 0, index < faceCount else {
            throw FontError.faceIndexOutOfRange(path: path, index: index, faceCount: faceCount)
        }
        let hbFace = hb_face_create(blob, UInt32(index))!
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        let unitsPerEm = Int(hb_face_get_upem(hbFace))
        guard glyphCount > 0, (16...16384).contains(unitsPerEm) else {
            hb_face_destroy(hbFace)
            throw FontError.invalidFontFile(
                path: path, reason: "face has \(glyphCount) glyphs and \(unitsPerEm) units per em")
        }
        self.path = path
        self.index = index
        self.isBundled = isBundled
        self.hbFace = hbFace
        shapingFacts = ShapingFacts(hbFace: hbFace)
        self.blob = blob
        blobOwner = nil
        self.glyphCount = glyphCount
        self.unitsPerEm = unitsPerEm
        let names = FaceNames(hbFace)
        (familyName, styleName, weightClass, isItalic) = (names.family, names.style, names.weightClass, names.isItalic)
        hasBitmapStrikes = names.hasBitmapStrikes
        isFixedPitch = names.isFixedPitch
        axes = Self.readAxes(hbFace)
        let verticalMetrics = hb_face_reference_table(hbFace, OpenTypeTag.value(of: "vmtx"))
        hasVerticalMetrics = hb_blob_get_length(verticalMetrics) > 0
        hb_blob_destroy(verticalMetrics)
    }

    /// The face cut down by HarfBuzz's subsetter to `glyphs` (and what they need), glyph ids kept, as a font file
    /// of one face in a blob the caller destroys; nil when HarfBuzz cannot subset it. What a PDF embeds starts
    /// from it: cairo 1.16 subsets some CID-keyed CFF fonts as they come (Noto Sans CJK among them) with glyphs
    /// missing, and subsets HarfBuzz's rewritten CFF whole.
    package func subsetBlob(keeping glyphs: Set<UInt32>) -> OpaquePointer? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        for glyph in glyphs where glyph < glyphCount { hb_set_add(set, glyph) }
        hb_subset_input_set_flags(
            input,
            HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue | HB_SUBSET_FLAGS_NO_HINTING.rawValue
                | HB_SUBSET_FLAGS_NOTDEF_OUTLINE.rawValue)
        guard let subset = hb_subset_or_fail(hbFace, input) else { return nil }
        defer { hb_face_destroy(subset) }
        return hb_face_reference_blob(subset)
    }

    /// Face `index` of `blob` (a font file's bytes, kept alive by the caller) opened in FreeType, for a caller that
    /// frees it under ``FreeType/withLibrary(_:)`` (cairo's PDF and SVG surfaces, which use an FT_Face of their own).
    package static func openDetachedFreeTypeFace(_ blob: OpaquePointer, path: String, index: Int = 0) throws -> FT_Face
    {
        try openFreeTypeFace(blob, path: path, index: index)
    }

    /// The bytes of the face's whole font file (a reference the caller destroys), for a caller opening the face
    /// at its ``index`` in them.
    package func referencedFileBlob() -> OpaquePointer { hb_blob_reference(blob) }

    /// Face `index` of `blob` opened in FreeType.
    private static func openFreeTypeFace(_ blob: OpaquePointer, path: String, index: Int) throws -> FT_Face {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else {
            throw FontError.invalidFontFile(path: path, reason: "the file is empty")
        }
        var face: FT_Face?
        try FreeType.withLibrary { library in
            try FreeType.check(
                FT_New_Memory_Face(
                    library, UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), FT_Long(length),
                    FT_Long(index), &face), path: path)
        }
        guard let face else { throw FontError.invalidFontFile(path: path, reason: "FreeType returned no face") }
        return face
    }

    deinit {
        for freeTypeFace in freeTypeFaces {
            freeTypeFace.withLock { state in
                if case .open(let face) = state { try? FreeType.withLibrary { _ in _ = FT_Done_Face(face) } }
                state = .unusable
            }
        }
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
    }

    /// How many faces the file at `path` holds.
    ///
    /// - Throws: ``FontError`` for a file that is missing, not a regular file within
    ///   ``FontLibrary/fontFileByteLimit``, or holds no face.
    static func faceCount(path: String) throws -> Int {
        let blob = try fileBlob(path: path)
        defer { hb_blob_destroy(blob) }
        let count = Int(hb_face_count(blob))
        guard count > 0 else {
            throw FontError.invalidFontFile(path: path, reason: "no OpenType or TrueType face in the file")
        }
        return count
    }

    /// The font file at `path` as a HarfBuzz blob (the caller destroys it), refused before it is read unless it is
    /// a regular file within ``FontLibrary/fontFileByteLimit``: a FIFO would block, a device never end.
    private static func fileBlob(path: String) throws -> OpaquePointer {
        let limit = FontLibrary.fontFileByteLimit
        switch FileRefusal.check(path, byteLimit: limit) {
        case nil: break
        case .unavailable: throw FontError.fileNotFound(path: path)
        case let refusal?: throw FontError.invalidFontFile(path: path, reason: refusal.reason)
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw FontError.fileNotFound(path: path) }
        return blob
    }

    private static func readAxes(_ face: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map {
            FontAxis(
                tag: OpenTypeTag.string(from: $0.tag), minimum: Double($0.min_value),
                defaultValue: Double($0.default_value), maximum: Double($0.max_value))
        }
    }

    /// Runs `body` with one of the face's FT_Faces while holding its lock: the first free one, opened first if
    /// it is not open, or the first when all are busy. Nil when FreeType cannot open the face.
    package func withFreeTypeFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T? {
        for freeTypeFace in freeTypeFaces {
            if let result = try freeTypeFace.withLockIfAvailable({ try use(&$0, body) }) { return result }
        }
        return try freeTypeFaces[0].withLock { try use(&$0, body) }
    }

    private func use<T>(_ state: inout FreeTypeFace, _ body: (FT_Face) throws -> T) rethrows -> T? {
        if case .unopened = state {
            state = (try? Self.openFreeTypeFace(blob, path: path, index: index)).map { .open($0) } ?? .unusable
        }
        guard case .open(let face) = state else { return nil }
        return try body(face)
    }

    /// The shaping instance for these variation coordinates, shared while any ``Font`` uses it.
    func instance(variations: [FontVariation]) -> FontInstance {
        let supported = variations.filter { variation in axes.contains { $0.tag == variation.tag } }
        return instances.withLock { instances in
            if let instance = instances[supported] { return instance }
            let instance = FontInstance(face: self, variations: supported)
            instances.insert(instance, for: supported)
            return instance
        }
    }

    /// Whether the face maps `scalar` to a glyph in its character map.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        shapingFacts.covers(scalar.value) ?? instance(variations: []).covers(scalar)
    }

    /// The coordinate range of axis `tag`, or nil when the face has no such axis.
    public func axis(_ tag: String) -> FontAxis? { axes.first { $0.tag == tag } }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(familyName) \(styleName) (\(path)#\(index))" }
}
