extension StringProtocol {
    /// The text without the spaces and tabs at its ends: what `trimmingCharacters(in: .whitespaces)` gives (the
    /// scalars of general category Zs, U+0009 and, as Foundation counts it, U+200B), without Foundation's bridge
    /// to `NSString`, whose first use cost every process that reads a number from its options a million
    /// instructions.
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }
}
