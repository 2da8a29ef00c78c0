import Galley

/// Reads JSON text (RFC 8259) into ``JSONValue``s, reporting the line and column of the first error.
package struct JSONParser {
    /// How deeply arrays and objects may nest: the parser recurses once per level, so this bounds its stack.
    package static let depthLimit = 64

    /// Malformed JSON: where and what.
    package struct SyntaxError: GalleyError {
        /// The line of the error, from 1.
        package let line: Int
        /// The column of the error, in bytes from 1.
        package let column: Int
        /// What was expected or found.
        package let message: String
        /// The kept members of the outermost object read before the error (see
        /// ``parseKeepingMemberText(_:of:)``), as written: an answer to a bad line can still carry its id.
        package internal(set) var memberText = MemberTexts()
        package var description: String { "invalid JSON at line \(line), column \(column): \(message)" }
    }

    private let bytes: [UInt8]
    /// The text parsed, whose pieces become strings without being checked again (it is valid UTF-8 already).
    private let text: String
    private var position = 0
    /// The source text of the outermost object's members named in ``keptMembers``, as written (numbers keep every
    /// digit).
    private var outerMemberText = MemberTexts()
    private var keptMembers: [String] = []

    /// The source text of some of an object's members, as written, by name: the few a caller keeps (a `measure`
    /// row's id), looked up by comparing names, which costs less than hashing them for every row.
    package struct MemberTexts: Sendable {
        private var texts: [(name: String, text: String)] = []

        /// The text of the member `name`, if it was kept.
        package subscript(name: String) -> String? {
            get { texts.first { $0.name == name }?.text }
            set {
                texts.removeAll { $0.name == name }
                if let newValue { texts.append((name, newValue)) }
            }
        }
    }

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// The text's bytes in `range` as a string: a copy of a piece of a string is valid where decoding the bytes
    /// checked them again (a row's text is read twice otherwise). `range` starts and ends beside ASCII bytes.
    private func piece(_ range: Range<Int>) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(text[lower..<utf8.index(lower, offsetBy: range.count)])
    }

    /// Parses one complete JSON text.
    package static func parse(_ text: String) throws -> JSONValue {
        try parseKeepingMemberText(text, of: []).value
    }

    /// Parses one complete JSON text, and gives the source text of the members of its outermost object named in
    /// `keys` as written (so an id of `9007199254740993` can be echoed with every digit, where a `Double` would
    /// round it).
    package static func parseKeepingMemberText(_ text: String, of keys: [String]) throws -> (
        value: JSONValue, memberText: MemberTexts
    ) {
        var parser = JSONParser(text)
        parser.keptMembers = keys
        do {
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.position == parser.bytes.count else {
                throw parser.error("unexpected text after the JSON value")
            }
            return (value, parser.outerMemberText)
        } catch var error as SyntaxError {
            error.memberText = parser.outerMemberText
            throw error
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.depthLimit else { throw error("nesting deeper than \(Self.depthLimit) levels") }
        guard position < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character \(describe(bytes[position]))")
        }
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(4)  // a measure line has two or three: grown from empty, it would be allocated twice
        // Names seen, for duplicates: the members themselves while there are a few (a set would cost an
        // allocation for every measure line), a set once there are more.
        var seen = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a quoted member name") }
            let keyStart = position
            let key = try string()
            if members.count == 8 { seen = Set(members.map(\.key)) }
            let duplicate =
                members.count < 8 ? members.contains { $0.key == key } : !seen.insert(key).inserted
            if duplicate {
                position = keyStart
                throw error("duplicate member \"\(key)\"")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the member name") }
            position += 1
            skipWhitespace()
            let start = position
            let kept = depth == 0 && keptMembers.contains(key)
            // A kept member is echoed as written, so a number past Double's range (an id of 1e400) is kept too.
            if kept, let first = bytes[position...].first, first == UInt8(ascii: "-") || (48...57).contains(first) {
                members.append((key, .number(try number(allowingAnyMagnitude: true))))
            } else {
                members.append((key, try value(depth: depth + 1)))
            }
            if kept {
                outerMemberText[key] = piece(start..<position)
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "}")) { position += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { position += 1; return .array(values) }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) { position += 1; return .array(values) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws -> String {
        position += 1
        // Most strings hold no escape: up to the closing quote they are the text's own bytes, made a String at once.
        let start = position
        position = bytes.withUnsafeBufferPointer { Self.plainRunEnd(in: $0, from: start) }
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return piece(start..<(position - 1))
        }
        var units = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: units, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(escape)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), bytes[position...].starts(with: Array("\\u".utf8)) {
                        position += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let value = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in \\u escape") }
                    units.append(contentsOf: Array(String(value).utf8))
                default:
                    position -= 1
                    throw error("unknown escape \\\(describe(escape))")
                }
            case 0..<0x20:
                throw error("control character in a string (escape it)")
            default:
                units.append(byte)
                position += 1
            }
        }
        throw error("the text ends inside a string")
    }

    /// The end of the run of bytes from `start` that a string holds as they are: up to a quote, a backslash or a
    /// control character. Eight bytes at a time (a row's text is most of its line, and a test per byte cost more
    /// than the rest of parsing it): a word holds one of them when one of its bytes is zero once XORed with the
    /// quote or the backslash, or once the word has 0x20 taken from each byte (a control character), which the
    /// usual test for a zero byte finds (a hit it gives wrongly would only send the word to the byte loop).
    private static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & high != 0 }
            while end + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
                let control = (word &- ones &* 0x20) & ~word & high
                if hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || control != 0 { break }
                end += 8
            }
        }
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            end += 1
        }
        return end
    }

    private mutating func hex4() throws -> UInt32 {
        // Four hexadecimal digits exactly: `UInt32(_:radix:)` alone would also take a sign (`\\u+041`).
        guard position + 4 <= bytes.count, bytes[position..<position + 4].allSatisfy({ Self.isHexDigit($0) }),
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("\\u needs four hexadecimal digits") }
        position += 4
        return value
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// A number; one that is well formed but past `Double`'s range is an error unless `allowingAnyMagnitude`
    /// (then it is infinite).
    private mutating func number(allowingAnyMagnitude: Bool = false) throws -> Double {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        func digits() -> Int {
            let begin = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - begin
        }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected digits in a number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            position = integerStart
            throw error("a number may not start with 0 followed by more digits")
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard digits() > 0 else { throw error("expected digits after the decimal point") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        if position - integerStart == integerDigits, integerDigits <= 15 {
            // A whole number of at most 15 digits (a row's id) is exact in a Double: summed from its digits,
            // without a string for `Double(_:)` to parse.
            let magnitude = bytes[integerStart..<position].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
            return integerStart > start ? -Double(magnitude) : Double(magnitude)
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)),
            value.isFinite || allowingAnyMagnitude
        else {
            position = start
            throw error("number out of range")
        }
        return value
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
        guard bytes[position...].starts(with: Array(word.utf8)) else {
            throw error("unexpected character \(describe(bytes[position]))")
        }
        position += word.utf8.count
        return value
    }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// An error at the current position, with a 1-based line and a column counted in characters.
    private func error(_ message: String) -> SyntaxError {
        let before = bytes[..<min(position, bytes.count)]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return SyntaxError(line: line, column: column, message: message)
    }
}
