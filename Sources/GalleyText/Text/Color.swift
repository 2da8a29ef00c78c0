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
