import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The components, 0…1, not premultiplied, in sRGB.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from components in 0...1; values outside are clamped and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// A colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
    ///
    /// - Throws: ``ColorError/invalidHex(_:)`` for anything else.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
        else { throw ColorError.invalidHex(hex) }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        switch digits.count {
        case 3:
            func nibble(_ shift: UInt32) -> Double { Double((value >> shift) & 0xF) / 15 }
            self.init(red: nibble(8), green: nibble(4), blue: nibble(0))
        case 6: self.init(rgb: value)
        default: self.init(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        }
    }

    /// An opaque colour from `0xRRGGBB`.
    init(rgb value: UInt32) {
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        self.init(red: byte(16), green: byte(8), blue: byte(0))
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque.
    public var hexString: String {
        func hex(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())
            return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    public var description: String { hexString }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// This colour drawn over `background` (source over, in the colours' sRGB components), opaque when the
    /// background is.
    public func over(_ background: Color) -> Color {
        let alpha = self.alpha + background.alpha * (1 - self.alpha)
        guard alpha > 0 else { return .clear }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * self.alpha + bottom * background.alpha * (1 - self.alpha)) / alpha
        }
        return Color(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
            alpha: alpha)
    }

    /// WCAG 2's relative luminance of the colour's sRGB components (its alpha ignored): 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between this colour and `other` (alphas ignored: composite first with
    /// ``over(_:)``), from 1 (the same luminance) to 21 (black on white). Text needs 4.5 for AA, 3 when large.
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

/// Why a colour could not be read.
public enum ColorError: GalleyError, Equatable, Sendable {
    /// The text is not `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a CSS colour name.
    case invalidHex(String)

    public var description: String {
        switch self {
        case .invalidHex(let text):
            return "expected \"#RRGGBB\", \"#RRGGBBAA\" or a CSS colour name such as \"red\", got \"\(text)\""
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
