/// One coordinate on a variable font's design axis, such as weight 600 (`wght`).
///
/// Values are in the axis's own design units (weight 100–900, width in percent, slant in degrees).
/// A coordinate for an axis the face lacks is ignored when shaping.
public struct FontVariation: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter OpenType axis tag, such as `wght`.
    public let tag: String
    /// The coordinate in design units.
    public let value: Double

    /// A coordinate on the axis `tag`. The tag is padded or cut to four characters, as OpenType tags are.
    public init(tag: String, value: Double) {
        self.tag = String((tag + "    ").prefix(4))
        self.value = value
    }

    /// The `wght` axis: 400 is regular, 700 bold.
    public static func weight(_ value: Double) -> FontVariation { FontVariation(tag: "wght", value: value) }
    /// The `wdth` axis, in percent of normal width.
    public static func width(_ value: Double) -> FontVariation { FontVariation(tag: "wdth", value: value) }
    /// The `slnt` axis, in degrees (negative leans right).
    public static func slant(_ value: Double) -> FontVariation { FontVariation(tag: "slnt", value: value) }

    public var description: String { "\(tag)=\(value)" }

    /// The tag as the big-endian 32-bit number OpenType and HarfBuzz use.
    var tagValue: UInt32 { OpenTypeTag.value(of: tag) }
}

/// One variation axis of a face, as its `fvar` table declares it.
public struct FontAxis: Hashable, Sendable {
    /// The four-letter tag, such as `wght`.
    public let tag: String
    /// The smallest, default and largest coordinates, in design units.
    public let minimum: Double, defaultValue: Double, maximum: Double
}

/// Conversions between four-letter OpenType tags and their 32-bit values.
package enum OpenTypeTag {
    package static func value(of tag: String) -> UInt32 {
        var result: UInt32 = 0
        let bytes = Array(tag.utf8.prefix(4))
        for index in 0..<4 {
            result = result << 8 | UInt32(index < bytes.count ? bytes[index] : 0x20)
        }
        return result
    }

    static func string(from value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
