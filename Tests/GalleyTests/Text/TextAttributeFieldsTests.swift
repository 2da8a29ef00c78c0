import Foundation
import Testing

@testable import Galley
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The one table of attributes (`TextAttributes.fields`): every attribute is in it once, and the merge and both
/// attributed-string bridges made from it carry every attribute.
@Suite struct TextAttributeFieldsTests {
    /// ``NSAttributedStringBridgeTests/everyAttribute()``'s attributes, with a paragraph style (which a storage
    /// gives its paragraph's first run) and an attachment: every field set.
    static func everyAttribute() throws -> TextAttributes {
        var attributes = try #require(
            NSAttributedStringBridgeTests.everyAttribute().attributeRuns.first { $0.attributes.ruby != nil }
        )
        .attributes
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        attributes.paragraphStyle = paragraph
        attributes.attachment = try TextAttachment(bounds: Rect(x: 0, y: 0, width: 10, height: 10), label: "box")
        return attributes
    }

    /// The attributes' fields (as `TextAttributes` shows them) are the table's names, each once.
    @Test func everyAttributeIsInTheTableOnce() {
        let properties = Mirror(reflecting: TextAttributes()).children.compactMap(\.label)
        let names = TextAttributes.fields.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(properties) == Set(names))
    }

    /// Laid over plain attributes, every attribute comes through; laid over nothing, nothing changes.
    @Test func theMergeCarriesEveryAttribute() throws {
        let every = try Self.everyAttribute()
        #expect(TextAttributes().merging(every) == every)
        #expect(every.merging(TextAttributes()) == every)
        for field in TextAttributes.fields {
            var one = TextAttributes()
            field.merge(&one, every)
            #expect(one != TextAttributes(), "\(field.name) is merged")
        }
        var features = TextAttributes(fontFeatures: [FontFeature("tnum")])
        features = features.merging(TextAttributes(fontFeatures: [FontFeature("liga", 0)]))
        #expect(features.fontFeatures == [FontFeature("tnum"), FontFeature("liga", 0)], "features add up")
    }

    /// Each attribute alone goes to an `AttributedString` and an `NSAttributedString` and back unchanged, under
    /// the key the table names.
    @Test func bothBridgesCarryEveryAttribute() throws {
        let every = try Self.everyAttribute()
        for field in TextAttributes.fields {
            var one = TextAttributes()
            field.merge(&one, every)
            let storage = TextStorage("ab", attributes: one)
            #expect(TextStorage(AttributedString(storage)).attributeRuns == storage.attributeRuns, "\(field.name)")
            let bridged = NSAttributedString(storage)
            #expect(
                bridged.attributes(at: 0, effectiveRange: nil)[field.nsKey] != nil, "\(field.name) under its key")
            #expect(try TextStorage(bridged).attributeRuns == storage.attributeRuns, "\(field.name)")
        }
    }

    /// An `AttributedString` key is the attribute's name under Galley's prefix (Foundation's own for links).
    @Test func attributedStringKeysAreNamedAfterTheAttributes() {
        for field in TextAttributes.fields where field.name != "link" {
            #expect(field.attributedStringName == "galley.\(field.name)")
        }
        #expect(TextAttributes.fields.first { $0.name == "link" }?.attributedStringName == "NSLink")
    }
}
