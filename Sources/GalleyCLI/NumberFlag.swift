import ArgumentParser
import GalleyDocuments

/// Checks the numbers given to flags, with messages that say what is wrong with a value, not only its range.
enum NumberFlag {
    /// Throws a usage error when `value` is set and outside `range`: "--width -10 must be positive", "--height -1
    /// must not be negative", else "--scale 9 is outside 0.1...8".
    static func check(_ name: String, _ value: Double?, _ range: ClosedRange<Double>) throws {
        guard let value, !range.contains(value) else { return }
        // JSON has no NaN or infinity (format gives null); the message shows what was typed.
        let text = value.isFinite ? JSONValue.format(value) : "\(value)"
        let bounds = "\(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
        if value.isNaN { throw ValidationError("\(name) \(text) is not a number (expected \(bounds))") }
        if range.lowerBound > 0, value <= 0 { throw ValidationError("\(name) \(text) must be positive (\(bounds))") }
        if range.lowerBound == 0, value < 0 {
            throw ValidationError("\(name) \(text) must not be negative (\(bounds))")
        }
        throw ValidationError("\(name) \(text) is outside \(bounds)")
    }
}
