/// A JSON value with its members in document order.
package enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members, in document order.
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: return false
        }
    }

    /// The member `key` of an object, or nil.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// A short name of the value's kind, for error messages.
    package var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as compact JSON text.
    package var serialized: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return JSONValue.format(value)
        case .string(let value): return JSONValue.quote(value)
        case .array(let values): return "[" + values.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONValue.quote($0.key) + ":" + $0.value.serialized }.joined(separator: ",")
                + "}"
        }
    }

    /// A number as JSON, rounded to a millionth (sums of advances carry binary noise, `73.84800000000001`,
    /// that no reader wants, and a millionth of a point is far below any pixel): whole numbers without a fraction,
    /// others in the fewest digits that read back as the rounded value, never in exponent form.
    package static func format(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``format(_:)``'s text appended to `bytes` (a `measure` row writes two numbers).
    package static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes += "null".utf8
            return
        }
        guard abs(value) < 1e9 else {
            // Not rounded to a millionth, as before this path: a count of millionths would pass 2^53 there.
            if value == value.rounded(), abs(value) < 1e15 {
                append(Int(value), to: &bytes)
            } else {
                appendSpelledBySwift(value, to: &bytes)
            }
            return
        }
        // A count of millionths (exact: under 2^53), written as its digits. A decimal of at most 15 significant
        // digits is the shortest text that reads back as the double nearest it, so this is what `String(Double)`
        // gives for the rounded value, without the trip through it; but below a thousandth Swift's form has an
        // exponent, and that is left to it.
        let millionths = Int64((value * 1e6).rounded())
        if millionths % 1_000_000 == 0 || millionths.magnitude >= 1_000 {
            appendDecimal(millionths: millionths, to: &bytes)
        } else {
            appendSpelledBySwift(Double(millionths) / 1e6, to: &bytes)
        }
    }

    /// `value` in Swift's shortest spelling, or `%.15g` where that has an exponent.
    private static func appendSpelledBySwift(_ value: Double, to bytes: inout [UInt8]) {
        let text = String(value)
        bytes += (text.utf8.contains(UInt8(ascii: "e")) ? String(format: "%.15g", value) : text).utf8
    }

    /// `millionths` as a decimal number of units: its sign, whole part and, unless whole, a point and its
    /// fraction without trailing zeros.
    private static func appendDecimal(millionths: Int64, to bytes: inout [UInt8]) {
        let magnitude = millionths.magnitude
        if millionths < 0, magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: magnitude / 1_000_000, count: nil, to: &bytes)
        var fraction = magnitude % 1_000_000
        guard fraction != 0 else { return }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        appendDigits(of: fraction, count: digits, to: &bytes)
    }

    /// `value`'s decimal digits (a minus sign first when negative), as `String(value)` spells them, appended to
    /// `bytes`.
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(value.magnitude), count: nil, to: &bytes)
    }

    /// The decimal digits of `value`, padded with leading zeros to `count` when given.
    private static func appendDigits(of value: UInt64, count: Int?, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1, written = 1
        while value / divisor >= 10 {
            divisor *= 10
            written += 1
        }
        if let count, count > written {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count - written))
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// `text` as a JSON string literal, quotes and escapes included.
    package static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
