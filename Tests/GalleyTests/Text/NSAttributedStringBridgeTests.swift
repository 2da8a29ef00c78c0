import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `NSAttributedString` in and out, under TextKit's keys: what TextKit code puts in comes out as Galley's
/// attributes, and a storage survives the round trip.
@Suite struct NSAttributedStringBridgeTests {
    /// A storage whose runs set every attribute, across text of every width in UTF-16 (ideographs, an emoji
    /// sequence, an Extension B ideograph).
    static func everyAttribute() throws -> TextStorage {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        paragraph.lineHeightMultiple = 1.4
        let storage = TextStorage("Plain 汉字 ")
        storage.append(
            "every attribute 👩‍👩‍👧 𠀀",
            attributes: TextAttributes(
                font: .styled(.headline, family: "Inter", weight: 600), foregroundColor: .white,
                backgroundColor: try Color(hex: "#336699"), kern: 1.5, tracking: 0.5, ligatures: .all,
                fontFeatures: [FontFeature("tnum"), FontFeature("liga", 0)], language: "zh-Hans", baselineOffset: 2,
                underline: TextDecoration(.double, pattern: .dashDot, byWord: true, color: .black),
                strikethrough: TextDecoration(.thick), shadow: Shadow(offsetX: 1, offsetY: 2, blurRadius: 3),
                textEffect: .letterpress, link: URL(string: "https://example.com/a?b=c"), paragraphStyle: paragraph,
                strokeWidth: -3, strokeColor: try Color(hex: "#ff000080"), obliqueness: 0.2, expansion: -0.1,
                superscript: -1, inlinePadding: 0.2,
                textEmphasis: TextEmphasis(.character("※"), position: .under, color: .black),
                ruby: RubyAnnotation(perCharacter: ["a", "b"], position: .under)))
        storage.append(" tail", attributes: TextAttributes(kern: -0.5, underline: TextDecoration(skipInk: .none)))
        return storage
    }

    @Test func aStorageSurvivesTheRoundTrip() throws {
        let storage = try Self.everyAttribute()
        let bridged = NSAttributedString(storage)
        #expect(bridged.string == storage.string)
        #expect(bridged.length == storage.length)
        let back = try TextStorage(bridged)
        #expect(back.string == storage.string)
        #expect(back.attributeRuns == storage.attributeRuns)
    }

    /// What TextKit code writes — numbers for kern and ligatures, `NSUnderlineStyle` bits with a colour key, a link
    /// as a string, UIKit's letterpress name — reads as the attributes it means; keys Galley does not know are
    /// ignored, as TextKit ignores them.
    @Test func textKitsValuesReadAsTheyMean() throws {
        let attributed = NSMutableAttributedString(string: "kern under struck link press")
        func add(_ key: NSAttributedString.Key, _ value: Any, _ word: String) {
            let range = (attributed.string as NSString).range(of: word)
            attributed.addAttribute(key, value: value, range: range)
        }
        add(.kern, NSNumber(value: 1.25), "kern")
        add(.ligature, 0, "kern")
        add(.underlineStyle, NSNumber(value: 0x9 | 0x200 | 0x8000), "under")
        add(.underlineColor, Color.white, "under")
        add(.strikethroughStyle, 1, "struck")
        add(.baselineOffset, 2, "struck")
        add(.link, "https://example.com", "link")
        add(.textEffect, "_UIKitNewLetterpressStyle", "press")
        add(.superscript, NSNumber(value: 1), "press")
        add(NSAttributedString.Key("NSToolTip"), "ignored", "press")
        add(.rubyAnnotation, "りんく", "link")
        let storage = try TextStorage(attributed, defaults: TextAttributes(foregroundColor: .black))
        let kern = storage.attributes(at: 0)
        #expect(kern.kern == 1.25 && kern.ligatures == Ligatures.none && kern.foregroundColor == .black)
        let under = storage.attributes(at: 5)
        #expect(under.underline == TextDecoration(.double, pattern: .dash, byWord: true, color: .white))
        let struck = storage.attributes(at: 11)
        #expect(struck.strikethrough == TextDecoration(.single) && struck.baselineOffset == 2)
        #expect(storage.attributes(at: 18).link == URL(string: "https://example.com"))
        #expect(storage.attributes(at: 18).ruby == RubyAnnotation("りんく"))
        let press = storage.attributes(at: 23)
        #expect(press.textEffect == .letterpress && press.superscript == 1)
        #expect(storage.attributes(at: 4) == TextAttributes(foregroundColor: .black), "a space between runs")
    }

    /// Every style, pattern and by-word combination maps to `NSUnderlineStyle`'s bits and back, and the bits are
    /// TextKit's (double 0x9, dash-dot 0x300, by-word 0x8000).
    @Test func underlineBitsAreTextKits() {
        for style in TextDecoration.Style.allCases {
            for pattern in TextDecoration.Pattern.allCases {
                for byWord in [false, true] {
                    let decoration = TextDecoration(style, pattern: pattern, byWord: byWord)
                    #expect(TextDecoration(underlineStyle: decoration.underlineStyle) == decoration)
                }
            }
        }
        #expect(TextDecoration(.double, pattern: .dashDot, byWord: true).underlineStyle == 0x9 | 0x300 | 0x8000)
        #expect(TextDecoration(.thick).underlineStyle == 0x2)
    }

    @Test func aValueOfTheWrongTypeIsAnErrorNamingItsKey() throws {
        let attributed = NSMutableAttributedString(string: "abc def")
        attributed.addAttribute(.foregroundColor, value: "red", range: NSRange(location: 4, length: 3))
        #expect(throws: AttributeValueError(key: "NSColor", offset: 4, valueType: "String", expected: "a Color")) {
            try TextStorage(attributed)
        }
        #expect(
            "\(AttributeValueError(key: "NSColor", offset: 4, valueType: "String", expected: "a Color"))"
                == "attribute NSColor at offset 4 holds a String; it takes a Color")
    }

    /// Text brought in through the bridge lays out as the storage it came from.
    @Test func aBridgedStringLaysOutAsItsStorage() throws {
        func fragments(_ storage: TextStorage) throws -> [String] {
            let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
            manager.addTextContainer(TextContainer(width: 120))
            return try manager.layout().lineFragments.map { "\($0.characterRange) \($0.rect)" }
        }
        let storage = try Self.everyAttribute()
        let expected = try fragments(storage)
        #expect(expected.count > 2)
        #expect(try fragments(TextStorage(NSAttributedString(storage))) == expected)
    }
}
