import Foundation
import Testing

@testable import GalleyDocuments

/// Options' numbers are trimmed as Foundation trims `.whitespaces`, without its bridge to `NSString`.
@Suite struct TrimmedTextTests {
    @Test func trimmingWhitespaceMatchesFoundationOnRandomTexts() {
        // Spaces of category Zs, the tab, and characters that are not trimmed (line breaks, zero-width space,
        // letters, digits, an ideograph, a combining mark) at random at both ends and inside.
        let pieces: [String] = [
            " ", "\t", "\u{A0}", "\u{3000}", "\u{2003}", "\u{202F}", "\u{1680}", "\n", "\r", "\u{200B}", "\u{85}",
            "\u{FEFF}", "1", "x", "中", "\u{301}", "-", ".",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement()! }.joined()
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        }
    }
}
