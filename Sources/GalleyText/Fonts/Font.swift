import CHarfBuzz

/// A concrete font: a face, its variation coordinates, and a size in points.
///
/// Fonts are values: cheap to copy, hashable, and safe to share between threads. Metrics are in points,
/// with y growing upward from the baseline as in the font's own tables (so ``descender`` is negative,
/// as `UIFont.descender` is). Make fonts with ``FontLibrary``.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The sizes a font may have, in points: part of what a font size is, like a size's being finite, so the same
    /// for every piece of work.
    public static let sizeLimit: ClosedRange<Double> = 0.01...10_000

    /// The face this font draws from.
    public let face: FontFace
    package let instance: FontInstance
    /// The instance's HarfBuzz font, kept here so that per-character lookups touch no reference count. Immutable
    /// (`hb_font_make_immutable`) and thread-safe, and alive as long as `instance`.
    nonisolated(unsafe) let hbFont: OpaquePointer
    /// The size in points (1 pt = 1/72 inch; one pixel at scale 1).
    public let size: Double

    init(instance: FontInstance, size: Double) throws {
        guard size.isFinite, Self.sizeLimit.contains(size) else {
            throw FontError.invalidSize(size, limit: Self.sizeLimit)
        }
        self.face = instance.face
        self.instance = instance
        hbFont = instance.hbFont
        self.size = size
    }

    /// A font for `face` at `size` points, with the given variation coordinates (ignored on axes the face lacks).
    ///
    /// - Throws: ``FontError/invalidSize(_:limit:)`` when `size` is not finite or outside ``sizeLimit``.
    public init(face: FontFace, size: Double, variations: [FontVariation] = []) throws {
        try self.init(instance: face.instance(variations: variations), size: size)
    }

    /// The variation coordinates in force, only those on axes the face has.
    public var variations: [FontVariation] { instance.variations }

    /// The weight: the `wght` coordinate of a variable face, else the face's OS/2 weight class.
    public var weight: Double {
        variations.first { $0.tag == "wght" }?.value ?? face.axis("wght")?.defaultValue
            ?? Double(face.weightClass)
    }

    /// The style this font is: the face's style name, or for a variable face set to other coordinates the named
    /// instance there (`SemiBold` for Inter at `wght` 600), else the style name with the coordinates
    /// (`Regular wght=550`).
    public var styleName: String {
        guard !variations.isEmpty else { return face.styleName }
        let coordinates = face.axes.map { axis in variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue }
        return FaceNames.namedInstance(at: coordinates, of: face.hbFace)
            ?? face.styleName + " " + variations.map(\.description).joined(separator: ",")
    }

    /// The same face and variations at another size.
    public func withSize(_ size: Double) throws -> Font { try Font(instance: instance, size: size) }

    /// The same face at another weight, through the `wght` axis. A static face is returned unchanged; use
    /// ``FontLibrary/font(family:size:weight:italic:)`` to pick a heavier file instead.
    public func withWeight(_ weight: Double) throws -> Font {
        guard let axis = face.axis("wght") else { return self }
        let clamped = min(max(weight, axis.minimum), axis.maximum)
        let others = variations.filter { $0.tag != "wght" }
        return try Font(face: face, size: size, variations: others + [.weight(clamped)])
    }

    /// Points per design unit at this size.
    /// The hyphen drawn where a line breaks inside a word: the glyph for U+2010 HYPHEN, else U+002D, and its
    /// nominal advance in points; nil when the font has neither.
    package var hyphen: (glyph: UInt32, advance: Double)? {
        guard let glyph = instance.glyph(for: "\u{2010}") ?? instance.glyph(for: "-") else { return nil }
        let advance = hb_font_get_glyph_h_advance(hbFont, glyph)
        return (glyph, Double(advance) * pointsPerUnit / FontInstance.subunits)
    }

    /// Points per font design unit at this size: `size / unitsPerEm`.
    public var pointsPerUnit: Double { size / Double(face.unitsPerEm) }

    /// Distance from the baseline up to the top of the line box, in points (positive).
    public var ascender: Double { instance.metrics.ascender * pointsPerUnit }
    /// Distance from the baseline down to the bottom of the line box, in points (negative).
    public var descender: Double { instance.metrics.descender * pointsPerUnit }
    /// Extra space the font asks for between lines, in points.
    public var lineGap: Double { instance.metrics.lineGap * pointsPerUnit }
    /// The em box's extent above and below the baseline, in points (both positive, adding up to the size): the
    /// face's typographic ascender and descender scaled to one em, as Blink places ruby and emphasis marks by them.
    package var emBox: (ascent: Double, descent: Double) {
        (instance.metrics.emAscent * size, instance.metrics.emDescent * size)
    }
    /// The default line height: ascender − descender + line gap, in points.
    public var lineHeight: Double { ascender - descender + lineGap }
    /// Height of flat capital letters above the baseline, in points.
    public var capHeight: Double { instance.metrics.capHeight * pointsPerUnit }
    /// Height of flat lowercase letters above the baseline, in points.
    public var xHeight: Double { instance.metrics.xHeight * pointsPerUnit }
    /// The underline's centre relative to the baseline, in points (negative is below).
    public var underlinePosition: Double { instance.metrics.underlinePosition * pointsPerUnit }
    /// The underline's thickness, in points.
    public var underlineThickness: Double { instance.metrics.underlineThickness * pointsPerUnit }
    /// How far below the baseline the ideographic em box ends, in points (positive is below); nil for a font
    /// without ideographs. Underlines under Chinese and Japanese sit below it.
    public var ideographicDepth: Double? { instance.metrics.ideographicBottom.map { -$0 * pointsPerUnit } }
    /// The strikethrough's centre relative to the baseline, in points (positive is above).
    public var strikeoutPosition: Double { instance.metrics.strikeoutPosition * pointsPerUnit }
    /// The strikethrough's thickness, in points.
    public var strikeoutThickness: Double { instance.metrics.strikeoutThickness * pointsPerUnit }

    /// The glyph for `scalar` in the character map, or nil when the face does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? { instance.glyph(for: scalar) }

    /// Whether the character map gives `scalar` a glyph (``glyph(for:)`` is not nil), without looking the glyph up
    /// for most characters.
    package func covers(_ scalar: Unicode.Scalar) -> Bool { instance.covers(scalar) }

    /// Whether the face has a vertical form of `scalar`: a glyph its `vert` or `vrt2` substitutions replace the
    /// mapped one with (a bracket turned, `ー` made a vertical bar).
    package func hasVerticalForm(of scalar: Unicode.Scalar) -> Bool {
        guard let glyph = glyph(for: scalar) else { return false }
        let facts = face.shapingFacts
        return facts.glyphsSubstituted(byFeature: "vert").contains(glyph)
            || facts.glyphsSubstituted(byFeature: "vrt2").contains(glyph)
    }

    /// Whether the font covers every printable ASCII character.
    package var coversPrintableASCII: Bool { instance.coversPrintableASCII }

    /// The horizontal advance of `glyph` in points.
    public func advance(of glyph: UInt32) -> Double { instance.advance(of: glyph) * pointsPerUnit }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs.instance === rhs.instance && lhs.size == rhs.size }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(instance))
        hasher.combine(size)
    }

    public var description: String {
        let axes = variations.isEmpty ? "" : " " + variations.map(\.description).joined(separator: ",")
        return "\(face.familyName) \(face.styleName) \(size)pt\(axes)"
    }
}
