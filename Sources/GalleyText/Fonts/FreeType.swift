import CFreeType

/// The one place FreeType errors become ``FontError`` values, and the owner of the process's FT_Library.
///
/// FT_Library is not thread-safe for face creation and destruction, so both go through ``withLibrary(_:)``.
package enum FreeType {
    private static let library = Locked<FT_Library?>(Self.makeLibrary())

    private static func makeLibrary() -> FT_Library? {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }

    /// Runs `body` with the shared FT_Library while holding its lock.
    package static func withLibrary<T>(_ body: (FT_Library) throws -> T) throws -> T {
        try library.withLock { library in
            guard let library else {
                throw FontError.invalidFontFile(path: "", reason: "FreeType could not be initialised")
            }
            return try body(library)
        }
    }

    /// Throws `.invalidFontFile` for a non-zero FreeType error.
    static func check(_ error: FT_Error, path: String) throws {
        guard error != 0 else { return }
        throw FontError.invalidFontFile(path: path, reason: "FreeType error \(error): \(message(for: error))")
    }

    static func message(for error: FT_Error) -> String {
        if let text = FT_Error_String(error) ?? galley_ft_error_message(error & 0xFF) { return String(cString: text) }
        return "unknown error"
    }
}

extension FreeType {
    /// Renders `outline` (26.6 pixels, y up, its origin at the bitmap's bottom-left corner) anti-aliased into
    /// `coverage`, `width` bytes per row, top row first.
    package static func render(
        _ outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library, into coverage: inout [UInt8], width: Int,
        rows: Int
    ) -> Bool {
        coverage.withUnsafeMutableBufferPointer { buffer in
            var target = FT_Bitmap()
            target.rows = UInt32(rows)
            target.width = UInt32(width)
            target.pitch = Int32(width)
            target.buffer = buffer.baseAddress
            target.num_grays = 256
            target.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, outline, &target) == 0
        }
    }

    /// Strokes `outline` `width` units wide, centred on it, with round caps and joins (FreeType's stroker), and
    /// gives the stroke's outline to `body`; nil when stroking fails.
    package static func withStroke<T>(
        of outline: UnsafeMutablePointer<FT_Outline>, width: Double, library: FT_Library, openContours: [Bool] = [],
        _ body: (UnsafeMutablePointer<FT_Outline>) -> T
    ) -> T? {
        var stroker: FT_Stroker?
        guard FT_Stroker_New(library, &stroker) == 0, let stroker else { return nil }
        defer { FT_Stroker_Done(stroker) }
        FT_Stroker_Set(stroker, FT_Fixed(width / 2 * 64), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        if openContours.contains(true) {
            guard feed(outline, to: stroker, openContours: openContours) else { return nil }
        } else {
            guard FT_Stroker_ParseOutline(stroker, outline, 0) == 0 else { return nil }
        }
        var points: FT_UInt = 0, contours: FT_UInt = 0
        guard FT_Stroker_GetCounts(stroker, &points, &contours) == 0 else { return nil }
        var stroked = FT_Outline()
        guard FT_Outline_New(library, points, FT_Int(contours), &stroked) == 0 else { return nil }
        defer { FT_Outline_Done(library, &stroked) }
        stroked.n_points = 0
        stroked.n_contours = 0
        FT_Stroker_Export(stroker, &stroked)
        return body(&stroked)
    }

    /// Gives `outline`'s contours to `stroker` one by one, contour `i` left open (round caps at its ends, no
    /// closing segment) when `openContours[i]`: FreeType's outline parser closes every contour, which drew an open
    /// tick as a triangle. Points are on-curve (tag 1), conic controls (0) or cubic controls (2), as FT_Outline.
    private static func feed(_ outline: UnsafeMutablePointer<FT_Outline>, to stroker: FT_Stroker, openContours: [Bool])
        -> Bool
    {
        let source = outline.pointee
        guard let points = source.points, let tags = source.tags, let ends = source.contours else { return false }
        var start = 0
        for contour in 0..<Int(source.n_contours) {
            let end = Int(ends[contour])
            guard end >= start, tags[start] & 3 == 1 else { return false }
            var first = points[start]
            // A contour that never leaves its first point is left out: FreeType 2.12's stroker crashes ending one
            // (`M 10 33 10 33`, found by FuzzPath), and it would have no length to stroke.
            if (start...end).allSatisfy({ points[$0].x == first.x && points[$0].y == first.y }) {
                start = end + 1
                continue
            }
            guard
                FT_Stroker_BeginSubPath(
                    stroker, &first, openContours.indices.contains(contour) && openContours[contour] ? 1 : 0) == 0
            else { return false }
            var index = start + 1
            while index <= end {
                switch tags[index] & 3 {
                case 1:
                    var to = points[index]
                    guard FT_Stroker_LineTo(stroker, &to) == 0 else { return false }
                    index += 1
                case 0 where index + 1 <= end:
                    var control = points[index], to = points[index + 1]
                    guard FT_Stroker_ConicTo(stroker, &control, &to) == 0 else { return false }
                    index += 2
                case 2 where index + 2 <= end:
                    var first = points[index], second = points[index + 1], to = points[index + 2]
                    guard FT_Stroker_CubicTo(stroker, &first, &second, &to) == 0 else { return false }
                    index += 3
                default:
                    return false
                }
            }
            guard FT_Stroker_EndSubPath(stroker) == 0 else { return false }
            start = end + 1
        }
        return true
    }

    /// Replaces the outline in `slot` with its signed distance field (FreeType's `bsdf` renderer, run on the
    /// glyph rendered as it fills, so it measures the union of the contours: no edge where two overlap), each
    /// byte 128 ± distance × 128 / `spread` from the pixel's centre to the nearest edge (pixels, inside
    /// positive). `spread` (2…``maximumSpread`` pixels) is the farthest distance told apart; false on failure.
    package static func renderDistanceField(of slot: FT_GlyphSlot, spread: Int, library: FT_Library) -> Bool {
        var spread = FT_Int(spread)
        // The spread is the renderer's setting in the shared library: set and used under one lock.
        return distanceFieldLock.withLock { _ in
            FT_Property_Set(library, "bsdf", "spread", &spread) == 0
                && FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 && FT_Render_Glyph(slot, FT_RENDER_MODE_SDF) == 0
        }
    }

    /// FreeType's largest distance-field spread, in pixels.
    package static let maximumSpread = 32
    private static let distanceFieldLock = Locked<Void>(())
}
