import CHarfBuzz
import CICU
import Foundation
@_spi(Stages) import GalleyText

/// Stage 2: shapes itemized paragraphs with HarfBuzz into ``GlyphRun``s.
///
/// Each item is shaped with its direction, script and language, the features its attributes ask for, and its
/// font's variation coordinates; the whole paragraph is passed as context so that joining and contextual forms
/// see across item boundaries. Advances and offsets come back in points, clusters as UTF-16 offsets from the
/// paragraph's start.
///
/// Items with several words in a font where spaces take part in no lookup are shaped word by word through a
/// `ShapeCache`: a repeated word costs a table lookup instead of a HarfBuzz call, with the same glyphs. Chinese,
/// Japanese and Korean items with no space to split at are shaped character by character (`shapeByCharacters`).
///
/// A shaper reuses one HarfBuzz buffer, so it is not thread-safe: give each thread its own (they are cheap). What
/// it learns as it goes (``ShapingMemos``) is one value handed `inout` down each call, as parley and cosmic-text
/// hand down their shaping contexts: lookups at every item, word or character touch a parameter the compiler sees
/// is exclusive, and the run-time check of exclusive access runs once a call, where the shaper lends it.
package final class Shaper {
    let buffer: OpaquePointer
    /// Where shaped words are kept; nil shapes every item whole.
    package let shapeCache: ShapeCache?
    /// What the shaper has learnt, lent to each call.
    private var memos = ShapingMemos()

    /// A shaper keeping shaped words in `shapeCache` (nil: shape every item whole).
    package init(shapeCache: ShapeCache? = .shared) {
        buffer = hb_buffer_create()
        self.shapeCache = shapeCache
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Itemizes and shapes `paragraph`, refusing one longer than `limits` allow before any work.
    ///
    /// - Throws: ``LayoutError/paragraphTooLong(length:limit:)`` past ``Limits/paragraphLength`` (its ruby
    ///   annotations counted); `RubyError` for an annotation past its limit; ``FontError`` for a font that cannot be
    ///   found.
    package func shape(_ paragraph: consuming Paragraph, itemizer: Itemizer, limits: Limits = Limits()) throws
        -> ShapedParagraph
    {
        guard paragraph.length <= limits.paragraphLength else {
            throw LayoutError.paragraphTooLong(length: paragraph.length, limit: limits.paragraphLength)
        }
        let hasRuby = paragraph.attributeRuns.contains { $0.attributes.ruby != nil }
        // The memos are the shaper's own, lent to one call at a time: the check of exclusive access runs here, once.
        let shaped = try shape(paragraph, itemizer: itemizer, memos: &memos)
        return hasRuby ? try withRuby(shaped, itemizer: itemizer, limits: limits) : shaped
    }

    /// Shapes every item of `itemized`.
    package func shape(_ itemized: consuming ItemizedParagraph) -> ShapedParagraph {
        shape(itemized, memos: &memos)
    }

    /// Itemizes and shapes `paragraph`, learning into `memos`.
    private func shape(_ paragraph: consuming Paragraph, itemizer: Itemizer, memos: inout ShapingMemos) throws
        -> ShapedParagraph
    {
        shape(try itemizer.itemize(paragraph, extendingOpenItemsQuickly: true, memo: &memos.itemizing), memos: &memos)
    }

    /// Shapes every item of `itemized`, learning into `memos`.
    private func shape(_ itemized: consuming ItemizedParagraph, memos: inout ShapingMemos) -> ShapedParagraph {
        let text = itemized.paragraph.text
        // The style's settings read where they lie, and the vertical ones only for a vertical paragraph: a copy of
        // the style, to ask it, retained its arrays.
        let keepsMonospaceCells = itemized.paragraph.style.keepsMonospaceCells
        var runs = text.withUnsafeBufferPointer { units in
            itemized.items.map { shape($0, in: units, keepingMonospaceCells: keepsMonospaceCells, memos: &memos) }
        }
        if itemized.paragraph.style.writingMode.isVertical, let vertical = itemized.paragraph.style.verticalShaping {
            for index in runs.indices { vertical.roundFallbackAdvances(of: &runs[index]) }
        }
        let padding = InlinePadding(of: itemized.paragraph)
        if !padding.isEmpty {
            for index in runs.indices {
                padding.apply(
                    to: &runs[index].glyphs, range: runs[index].utf16Range, size: runs[index].font.size,
                    rightToLeft: runs[index].isRightToLeft)
            }
        }
        let spacing = cjkSpacing(of: itemized.paragraph, runs: runs, memos: &memos)
        spacing.apply(to: &runs)
        return ShapedParagraph(paragraph: itemized.paragraph, bidi: itemized.bidi, runs: runs, spacing: spacing)
    }

    /// Shapes `range` (UTF-16 offsets from the paragraph's start) of `run` again, seeing only the text in
    /// `context`: a line's part of a run, whose neighbours across the line break must not affect its glyphs.
    package func reshape(_ run: GlyphRun, range: Range<Int>, context: Range<Int>, in paragraph: Paragraph) -> GlyphRun {
        let item = TextItem(
            utf16Range: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
            bidiLevel: run.bidiLevel, script: run.script, style: run.style)
        let text = paragraph.text
        let slice = text[(text.startIndex + context.lowerBound)..<(text.startIndex + context.upperBound)]
        var reshaped = slice.withUnsafeBufferPointer {
            shape(item, in: $0, keepingMonospaceCells: paragraph.style.keepsMonospaceCells, memos: &memos)
        }
        for index in reshaped.glyphs.indices { reshaped.glyphs[index].cluster += context.lowerBound }
        paragraph.style.verticalShaping?.roundFallbackAdvances(of: &reshaped)
        let padding = InlinePadding(of: paragraph)
        if !padding.isEmpty {
            padding.apply(
                to: &reshaped.glyphs, range: range, size: reshaped.font.size, rightToLeft: reshaped.isRightToLeft)
        }
        return reshaped.cut(to: range)
    }

    /// Shapes `item` of the UTF-16 text `units` alone (an ellipsis put in): ``shape(_:in:keepingMonospaceCells:memos:)``
    /// with the shaper's memos.
    func shape(_ item: TextItem, of units: [UInt16], keepingMonospaceCells: Bool) -> GlyphRun {
        units.withUnsafeBufferPointer {
            shape(item, in: $0, keepingMonospaceCells: keepingMonospaceCells, memos: &memos)
        }
    }

    /// Shapes one item of the paragraph whose UTF-16 text is `units`; where its paragraph
    /// ``ParagraphStyle/keepsMonospaceCells``, what other faces draw for a monospaced font takes whole cells.
    func shape(
        _ item: TextItem, in units: UnsafeBufferPointer<UInt16>, keepingMonospaceCells: Bool,
        memos: inout ShapingMemos
    ) -> GlyphRun {
        var glyphs: [ShapedGlyph]
        if let attachment = item.style.attachment {
            glyphs = Self.attachmentGlyphs(item, attachment, in: units)
        } else if item.shaping.orientation == .combined {
            glyphs = CombinedUpright(font: item.font).fit(
                shapeRange(item.utf16Range, of: item, in: units, memos: &memos))
        } else if let cache = shapeCache, item.style.takesDefaultFeatures {
            // Words through the cache, unless the item is Chinese, Japanese or Korean with no space to split at:
            // then character by character. A single word goes through the cache too (a Latin word or a piece of
            // code between Chinese is an item of its own), as do the short pieces the line breaker reshapes on
            // each side of a break inside joined glyphs.
            if Self.shapesByCharacters(item), !Self.hasInnerSpace(item.utf16Range, units),
                Self.hasCharacterShapedAlone(item.utf16Range, units)
            {
                let context = contextNumber(for: item, in: cache, memos: &memos)
                glyphs = shapeByCharacters(item, in: units, context: context, memos: &memos)
            } else {
                glyphs = shapeByWords(item, in: units, cache: cache, memos: &memos)
            }
        } else {
            glyphs = shapeRange(item.utf16Range, of: item, in: units, memos: &memos)
        }
        if GraphemeClusters.mayDivideConjuncts(item.script), !item.isRightToLeft {
            glyphs = GraphemeClusters.aligning(glyphs, to: item.utf16Range, in: units)
        }
        let primaryFont = item.style.primaryFont
        if keepingMonospaceCells, primaryFont.face.isFixedPitch, item.font.face !== primaryFont.face,
            item.style.attachment == nil
        {
            MonospaceCells(of: primaryFont).fit(&glyphs)
        }
        let expansion = item.shaping.expansion
        if expansion != 0, item.style.attachment == nil {
            let factor = Self.expansionFactor(expansion)
            for index in glyphs.indices {
                glyphs[index].advance *= factor
                glyphs[index].xOffset *= factor
            }
        }
        let shift = item.style.baselineShift
        if shift != 0 {
            for index in glyphs.indices { glyphs[index].yOffset -= shift }
        }
        let spacing = item.shaping.kern + item.shaping.tracking
        if spacing != 0 {
            // Spacing goes after each cluster's last glyph, so marks stay on their base.
            for index in glyphs.indices
            where index + 1 == glyphs.count || glyphs[index + 1].cluster != glyphs[index].cluster {
                glyphs[index].advance += spacing
            }
        }
        return GlyphRun(
            style: item.style, utf16Range: item.utf16Range, bidiLevel: item.bidiLevel, script: item.script,
            glyphs: glyphs)
    }

    /// One glyph per character of an attachment run, as wide as the attachment (as tall, upright in a vertical
    /// line); glyph id 0 (drawing comes from the attachment, not a font).
    private static func attachmentGlyphs(
        _ item: TextItem, _ attachment: TextAttachment, in units: UnsafeBufferPointer<UInt16>
    ) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        var offset = item.utf16Range.lowerBound
        let advance = item.shaping.orientation.isVertical ? attachment.bounds.height : attachment.bounds.width
        while offset < item.utf16Range.upperBound {
            glyphs.append(ShapedGlyph(glyphID: 0, cluster: offset, advance: advance, xOffset: 0, yOffset: 0))
            offset += UTF16Decoding.scalar(in: units, at: offset).1
        }
        return item.isRightToLeft ? glyphs.reversed() : glyphs
    }

    /// The horizontal scale of ``TextAttributes/expansion`` `value` (its exponential), kept within 1/16…16.
    package static func expansionFactor(_ value: Double) -> Double {
        value.isFinite ? exp(min(max(value, -log(16)), log(16))) : 1
    }

    /// HarfBuzz's glyphs for `range` of the paragraph `units`, with the rest of the paragraph as context.
    func shapeRange(
        _ range: Range<Int>, of item: TextItem, in units: UnsafeBufferPointer<UInt16>, memos: inout ShapingMemos
    ) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(
            buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        shapeBuffer(as: item, memos: &memos)
        var glyphs = readGlyphs(as: item)
        hideControls(in: &glyphs, units: units, font: item.font)
        return glyphs
    }

    /// Shapes the text in the buffer as `item` is shaped: its direction, script, language, features and font.
    func shapeBuffer(as item: TextItem, memos: inout ShapingMemos) {
        hb_buffer_set_direction(
            buffer,
            item.shaping.orientation.isTopToBottom
                ? HB_DIRECTION_TTB : item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, item.script.harfBuzzScript)
        if let language = item.language { hb_buffer_set_language(buffer, memos.harfBuzzLanguage(language)) }
        var features = Self.features(for: item.shaping)
        hb_shape(item.font.instance.hbFont, buffer, &features, UInt32(features.count))
    }

    /// Makes control characters invisible and advance-less: a tab (whose advance the line breaker sets from the
    /// tab stops), U+2028 and the other C0 and C1 controls, which fonts draw as their missing-glyph box.
    private func hideControls(in glyphs: inout [ShapedGlyph], units: UnsafeBufferPointer<UInt16>, font: Font) {
        for index in glyphs.indices {
            let unit = units[glyphs[index].cluster]
            guard unit < 0x20 || (0x7F...0x9F).contains(unit) || unit == 0x2028 else { continue }
            glyphs[index].glyphID = font.instance.glyph(for: " ") ?? 0
            glyphs[index].advance = 0
            glyphs[index].xOffset = 0
            glyphs[index].yOffset = 0
        }
    }

    /// The buffer's glyphs, shaped as `item`, in points, clusters as HarfBuzz numbered them, colour-bitmap advances
    /// as their strike says. Glyphs shaped top to bottom advance down the column, their offsets down it and across
    /// it (rightwards), from the pen on the column's centre line to where the glyph's horizontal origin goes.
    func readGlyphs(as item: TextItem) -> [ShapedGlyph] {
        let font = item.font, topToBottom = item.shaping.orientation.isTopToBottom
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0
        else { return [] }
        let scale = font.pointsPerUnit / FontInstance.subunits
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        if topToBottom {
            for index in 0..<Int(count) {
                let position = positions[index]
                glyphs.append(
                    ShapedGlyph(
                        glyphID: infos[index].codepoint, cluster: Int(infos[index].cluster),
                        advance: -Double(position.y_advance) * scale, xOffset: -Double(position.y_offset) * scale,
                        yOffset: Double(position.x_offset) * scale,
                        isUnsafeToBreak: hb_glyph_info_get_glyph_flags(infos + index).rawValue
                            & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
            }
            return glyphs
        }
        for index in 0..<Int(count) {
            let position = positions[index]
            glyphs.append(
                ShapedGlyph(
                    glyphID: infos[index].codepoint, cluster: Int(infos[index].cluster),
                    advance: Double(position.x_advance) * scale, xOffset: Double(position.x_offset) * scale,
                    yOffset: -Double(position.y_offset) * scale,
                    isUnsafeToBreak: hb_glyph_info_get_glyph_flags(infos + index).rawValue
                        & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        if font.face.hasBitmapStrikes {
            // Colour-bitmap glyphs advance as their strike says, as browsers lay them out (no GPOS in such fonts).
            for index in glyphs.indices where glyphs[index].advance != 0 {
                if let advance = font.face.bitmapAdvance(of: glyphs[index].glyphID) {
                    glyphs[index].advance = advance * font.pointsPerUnit
                }
            }
        }
        return glyphs
    }

    /// The HarfBuzz features for a run's attributes: ligature settings first, then the text's own features.
    static func features(for key: ShapingKey) -> [hb_feature_t] {
        var features: [hb_feature_t] = []
        func set(_ tag: String, _ value: UInt32) {
            features.append(
                hb_feature_t(tag: OpenTypeTag.value(of: tag), value: value, start: 0, end: UInt32.max))
        }
        if key.ligatures == .none || key.tracking != 0 {
            set("liga", 0)
            set("clig", 0)
        }
        if key.ligatures == .all { set("dlig", 1) }
        for feature in key.fontFeatures { set(feature.tag, feature.value) }
        return features
    }
}

extension Script {
    /// HarfBuzz's script for each ICU script code below 256 (ICU has about 200), from the ISO 15924 code both use.
    private static let harfBuzzScripts: [hb_script_t] = (0..<256).map { code in
        CICU_uscript_getShortName(Int32(code)).map { hb_script_from_string($0, -1) } ?? HB_SCRIPT_UNKNOWN
    }

    /// The script as HarfBuzz names it, looked up without making a string.
    var harfBuzzScript: hb_script_t {
        (0..<256).contains(code)
            ? Self.harfBuzzScripts[Int(code)]
            : CICU_uscript_getShortName(code).map { hb_script_from_string($0, -1) }
                ?? HB_SCRIPT_UNKNOWN
    }
}
