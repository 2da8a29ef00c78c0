import Galley

/// A JSON value and the path that led to it (`content[3].attributes.color`), so every error names where it is.
package struct JSONField {
    /// The value.
    package let value: JSONValue
    /// Where it is in the document, such as `content[3].attributes.color`.
    package let path: String

    /// The field holding `value` at `path`.
    package init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// An error about this field, naming its path.
    package func fail(_ message: String) -> InputError { InputError(path: path, message) }

    /// The member `key`, or nil when absent or null.
    package func member(_ key: String) -> JSONField? {
        guard let found = value[key], found != .null else { return nil }
        return JSONField(value: found, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member named `key`, or by its former name `former` (a name a key had before it took the Swift
    /// property's, still read); nil when neither is given.
    ///
    /// - Throws: ``InputError`` when both are given, naming them.
    package func member(_ key: String, formerly former: String) throws -> JSONField? {
        let current = member(key), old = member(former)
        if current != nil, old != nil {
            throw InputError(
                path: path.isEmpty ? former : "\(path).\(former)",
                "the former name of \"\(key)\", given beside it; give \"\(key)\" alone")
        }
        return current ?? old
    }

    /// Whether the object has a member (not null, as ``member(_:)`` takes it) named by one of `keys`: the object's
    /// few members looked up among the keys, not each key among the members.
    package func hasMember(amongst keys: Set<String>) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.value != .null && keys.contains($0.key) }
    }

    /// Throws for any member not in `allowed`, naming the allowed ones.
    package func requireObject(allowing allowed: [String]) throws {
        try requireObject(allowing: allowed, among: allowed)
    }

    /// ``requireObject(allowing:)`` for keys also kept as a set (`among`), looked up without a walk along the
    /// list: what a `measure` row asks of its few members, thousands of times.
    package func requireObject(allowing allowed: [String], among keys: some Sequence<String>) throws {
        guard case .object(let members) = value else { throw fail("expected an object, got \(value.kind)") }
        for member in members where !keys.contains(member.key) {
            // A near key is almost always a typo of it: name it first, as flags and query parameters do.
            let nearest = NearestName.among(allowed, to: member.key).map { "did you mean \"\($0)\"? " } ?? ""
            throw InputError(
                path: path.isEmpty ? member.key : "\(path).\(member.key)",
                "unknown key; \(nearest)expected one of \(allowed.joined(separator: ", "))")
        }
    }

    /// The elements of an array, each with its path.
    package func elements() throws -> [JSONField] {
        guard case .array(let values) = value else { throw fail("expected an array, got \(value.kind)") }
        return values.enumerated().map { JSONField(value: $1, path: "\(path)[\($0)]") }
    }

    /// The value as a string.
    package func string() throws -> String {
        guard case .string(let text) = value else { throw fail("expected a string, got \(value.kind)") }
        return text
    }

    /// The value as a Boolean.
    package func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw fail("expected true or false, got \(value.kind)") }
        return flag
    }

    /// A finite number within `range`.
    package func number(in range: ClosedRange<Double> = -1_000_000...1_000_000) throws -> Double {
        guard case .number(let number) = value else { throw fail("expected a number, got \(value.kind)") }
        guard range.contains(number) else {
            throw fail(
                "\(JSONValue.format(number)) is outside \(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
            )
        }
        return number
    }

    /// The value as a whole number in `range`.
    package func integer(in range: ClosedRange<Int>) throws -> Int {
        let number = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw fail("expected a whole number, got \(JSONValue.format(number))") }
        return Int(number)
    }

    /// The value as a colour, `#RRGGBB`, `#RRGGBBAA` or a CSS colour name.
    package func color() throws -> Color {
        guard case .string(let text) = value, let color = try? Color(css: text) else {
            throw fail("expected \"#RRGGBB\", \"#RRGGBBAA\" or a CSS colour name such as \"red\"")
        }
        return color
    }

    /// One of a string enumeration's raw values.
    /// The value as a BCP 47 language tag that `LanguageTag.isValid(_:)` accepts.
    package func languageTag() throws -> String {
        let tag = try string()
        guard LanguageTag.isValid(tag) else { throw fail("\"\(tag)\" is not a known BCP 47 language tag") }
        return tag
    }

    /// The value as one case of `type`, by its raw name; the error lists the valid names.
    package func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws -> T where T.RawValue == String {
        let text = try string()
        guard let found = T(rawValue: text) else {
            throw fail("\"\(text)\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return found
    }
}
