import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The character table answers as Unicode's own data does, for every scalar: its Unified_Ideograph property,
/// character names, and the blocks of Blocks.txt (Debian's unicode-data) each class is made of.
@Suite struct CharacterClassesTests {
    /// Each block of Blocks.txt: its range and name.
    static let blocks: [(range: ClosedRange<UInt32>, name: String)] = {
        let text = (try? String(contentsOfFile: "/usr/share/unicode/Blocks.txt", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let bounds = line[..<semicolon].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard bounds.count == 2 else { return nil }
            return (bounds[0]...bounds[1], line[line.index(after: semicolon)...].trimmingCharacters(in: .whitespaces))
        }
    }()

    static let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test func unifiedIdeographsAreUnicodes() {
        let differing = Self.scalars.filter {
            CharacterClasses.isUnifiedIdeograph($0.value) != $0.properties.isUnifiedIdeograph
        }
        #expect(differing.isEmpty, "\(differing.prefix(8).map { String($0.value, radix: 16) })")
        // The block the fast paths take is all unified ideographs, Han, and never emoji.
        for value in UInt32(0x4E00)...0x9FFF {
            let scalar = Unicode.Scalar(value)!
            #expect(CharacterClasses.isInUnifiedIdeographsBlock(value) && scalar.properties.isUnifiedIdeograph)
            #expect(!scalar.properties.isEmojiPresentation && Script(of: scalar) == .han)
        }
    }

    @Test func blocksAreUnicodes() throws {
        try #require(Self.blocks.count > 300, "Blocks.txt is missing: run Scripts/setup")
        // The blocks CJK text set in ems is made of, from the radicals to the unified ideographs, and beyond.
        let cjkBlocks: Set<String> = [
            "CJK Radicals Supplement", "Kangxi Radicals", "Ideographic Description Characters",
            "CJK Symbols and Punctuation", "Hiragana", "Katakana", "Bopomofo", "Hangul Compatibility Jamo", "Kanbun",
            "Bopomofo Extended", "CJK Strokes", "Katakana Phonetic Extensions", "Enclosed CJK Letters and Months",
            "CJK Compatibility", "CJK Unified Ideographs Extension A", "Yijing Hexagram Symbols",
            "CJK Unified Ideographs", "CJK Compatibility Ideographs", "Halfwidth and Fullwidth Forms",
        ]
        var differing: [String] = []
        // Between blocks nothing is assigned, in planes 2 and 3 too: the table may take those either way.
        for (range, block) in Self.blocks {
            for value in range {
                let plane = value >> 16
                if CharacterClasses.isCJK(value) != (cjkBlocks.contains(block) || plane == 2 || plane == 3) {
                    differing.append("isCJK \(String(value, radix: 16)) \(block)")
                }
                if CharacterClasses.isCJKCompatibilityForm(value) != (block == "CJK Compatibility Forms") {
                    differing.append("isCJKCompatibilityForm \(String(value, radix: 16))")
                }
                if CharacterClasses.isInKanaBlocks(value) != (block == "Hiragana" || block == "Katakana") {
                    differing.append("isInKanaBlocks \(String(value, radix: 16))")
                }
                if CharacterClasses.isInUnifiedIdeographsBlock(value) != (block == "CJK Unified Ideographs") {
                    differing.append("isInUnifiedIdeographsBlock \(String(value, radix: 16))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(8))")
    }

    @Test func hangulIsNamedSo() {
        for scalar in Self.scalars {
            let name = scalar.properties.name ?? ""
            #expect(
                CharacterClasses.isHangulSyllable(scalar.value) == name.hasPrefix("HANGUL SYLLABLE "),
                "\(String(scalar.value, radix: 16)) \(name)")
            if CharacterClasses.isHangul(scalar.value) {
                #expect(name.hasPrefix("HANGUL"), "\(String(scalar.value, radix: 16)) \(name)")
            }
        }
    }

    /// A line ends after exactly the characters ICU gives Line_Break BK, CR, LF or NL (6, 10, 17 and 29 in ICU's
    /// ULineBreak), and only CR LF joins two of them into one break.
    @Test func lineBreaksAreICUs() {
        for unit in UInt16(0)...0xFFFF where !(0xD800...0xDFFF).contains(unit) {
            let lineBreak = CSSLineBreakRules.lineBreakClass(of: Unicode.Scalar(unit)!)
            #expect(
                CharacterClasses.forcesLineBreakAfter(unit) == [6, 10, 17, 29].contains(lineBreak),
                "U+\(String(unit, radix: 16)): Line_Break \(lineBreak)")
        }
        #expect(CharacterClasses.isCRLF(0x0D, 0x0A) && !CharacterClasses.isCRLF(0x0A, 0x0D))
    }

    /// The table is the one definition: no other source file spells the blocks it answers for.
    @Test func noOtherFileSpellsTheBlocks() throws {
        let sources = TestFonts.repositoryRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        // Generated tables (Han variants, vertical orientation) hold their ranges as data.
        let tables = ["CharacterClasses.swift", "HanVariants.swift", "VerticalOrientationTable.swift"]
        for file in files where file.hasSuffix(".swift") && !tables.contains((file as NSString).lastPathComponent) {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for spelling in ["0x4E00", "0x9FFF", "0xAC00", "0xD7A3", "0x2E80"] {
                #expect(!text.contains(spelling), "\(file) spells \(spelling)")
            }
        }
    }
}
