/// An inline object drawn in place of a character, as TextKit's `NSTextAttachment`: an image, or an empty box of a
/// given size that the caller draws itself (find its frame with ``LineFragment/attachments``).
///
/// Put it on an object replacement character (U+FFFC, ``TextAttachment/character``) with
/// ``TextAttributes/attachment``. The character shapes as one cluster as wide as ``bounds``, breaks like an
/// ideograph (an opportunity on each side), gives its line the height its bounds reach above and below the
/// baseline, and is hit-tested as one character: a caret goes before or after it, never inside.
///
/// A reference type, as in TextKit: attributes compare attachments by identity, so a large image is never compared
/// pixel by pixel, and one attachment may stand in many places.
public final class TextAttachment: Hashable, Sendable, CustomStringConvertible {
    /// The object replacement character, U+FFFC, that attachments sit on.
    public static let character: Character = "\u{FFFC}"

    /// The image drawn, premultiplied, scaled to ``bounds``; nil for a box the caller draws.
    public let image: (any PixelImage)?
    /// The attachment's rectangle relative to the pen on the baseline, in points, y up as in TextKit: `origin.y`
    /// negative hangs the attachment below the baseline; `width` is its advance.
    public let bounds: Rect
    /// A short description (a picture's alt text), for tools and accessibility.
    public let label: String?

    /// An attachment drawing `image` in `bounds` (points, y up from the baseline); nil bounds sit the image on the
    /// baseline at its own size (its pixels divided by its scale).
    ///
    /// - Throws: ``AttachmentError/invalidBounds(_:limit:)`` for bounds not finite, negative in size, or over
    ///   ``sizeLimit``; ``PixelImageError/malformed(width:height:scale:bytes:)`` for pixels that do not fill the
    ///   image.
    public init(image: any PixelImage, bounds: Rect? = nil, label: String? = nil) throws {
        try image.checkShape()
        let bounds =
            bounds
            ?? Rect(x: 0, y: 0, width: Double(image.width) / image.scale, height: Double(image.height) / image.scale)
        try Self.check(bounds)
        self.image = image
        self.bounds = bounds
        self.label = label
    }

    /// An empty box of `bounds` (points, y up from the baseline) that the caller draws into.
    ///
    /// - Throws: ``AttachmentError/invalidBounds(_:limit:)`` as ``init(image:bounds:label:)``.
    public init(bounds: Rect, label: String? = nil) throws {
        try Self.check(bounds)
        image = nil
        self.bounds = bounds
        self.label = label
    }

    /// The largest width or height, and the furthest offset from the baseline, an attachment may have: 10,000 points.
    public static let sizeLimit = 10_000.0

    private static func check(_ bounds: Rect) throws {
        let values = [bounds.minX, bounds.minY, bounds.width, bounds.height]
        guard values.allSatisfy({ $0.isFinite && abs($0) <= sizeLimit }), bounds.width >= 0, bounds.height >= 0 else {
            throw AttachmentError.invalidBounds(bounds, limit: sizeLimit)
        }
    }

    /// How far the attachment reaches above the baseline, in points (0 when it lies wholly below).
    package var ascent: Double { max(0, bounds.minY + bounds.height) }
    /// How far it reaches below the baseline, in points, as a negative number like a font's descender.
    package var descent: Double { min(0, bounds.minY) }

    public static func == (lhs: TextAttachment, rhs: TextAttachment) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        let kind = image.map { "\($0.width)×\($0.height) px image" } ?? "box"
        return "attachment (\(kind), \(bounds.width)×\(bounds.height) pt\(label.map { ", \"\($0)\"" } ?? ""))"
    }
}

/// Why an attachment or an image for one could not be made.
public enum AttachmentError: GalleyError, Equatable, Sendable {
    /// The bounds are not finite, have a negative size, or pass ``TextAttachment/sizeLimit``.
    case invalidBounds(Rect, limit: Double)

    public var description: String {
        switch self {
        case .invalidBounds(let bounds, let limit):
            return "attachment bounds \(bounds.minX), \(bounds.minY), \(bounds.width) × \(bounds.height) pt are "
                + "invalid: sizes must be finite, not negative, and at most \(limit) pt"
        }
    }
}
