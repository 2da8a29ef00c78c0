import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Which links a PDF or SVG keeps as links, and how a kept one is written into the file.
///
/// A link is a place to go, never code to run: only `http`, `https` and `mailto` URLs and in-document anchors
/// (`#name`) are kept, as browsers' sanitizers keep them; a `javascript:`, `data:`, `vbscript:`, `file:` or relative
/// link is drawn as the text it is, without the link. A kept URL is written with every byte outside RFC 3986's
/// unreserved and reserved characters percent-encoded, and `'`, `(`, `)` encoded too: cairo writes a PDF link's URI
/// inside a `( … )` string as it is given, so an unbalanced parenthesis there would end the string and let the rest
/// of the URL be read as PDF syntax (a JavaScript action).
public enum LinkPolicy {
    /// The URL schemes kept as links, lowercase.
    public static let keptSchemes: Set<String> = ["http", "https", "mailto"]

    /// Whether `url` is kept as a link in PDF and SVG output.
    public static func isKept(_ url: URL) -> Bool { written(url) != nil }

    /// `url` as written into a PDF's URI action or an SVG's `href` (ASCII, nothing in it that ends a PDF string or
    /// an XML attribute); nil when the link is not kept.
    public static func written(_ url: URL) -> String? {
        let text = url.absoluteString
        if text.utf8.first == UInt8(ascii: "#") { return encoded(text) }
        guard let scheme = url.scheme?.lowercased(), keptSchemes.contains(scheme) else { return nil }
        // `http:evil` or `http:///x` names no host: not a place a reader can go.
        if scheme != "mailto", url.host?.isEmpty != false { return nil }
        return encoded(text)
    }

    /// `text` with every byte that is not an unreserved or reserved URI character (less `'`, `(` and `)`), and every
    /// `%` not followed by two hex digits, percent-encoded.
    static func encoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                result.append(byte)
            } else if byte != UInt8(ascii: "%"), isWrittenAsIs(byte) {
                result.append(byte)
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Letters, digits and `-._~:/?#[]@!$&*+,;=`: RFC 3986's unreserved and reserved characters but `'()`.
    private static func isWrittenAsIs(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&*+,;=".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }
}
