import CHarfBuzz
@_spi(Stages) import GalleyText

/// Shaping several words at once: an item's words through the shape cache, each with its trailing spaces, where
/// the boundaries between them are safe to cut at.
extension Shaper {
    /// Whether a space stands inside `range` with text after it (so there is more than one word).
    static func hasInnerSpace(_ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            if units[index] == 0x20 { return units[index..<range.upperBound].contains { $0 != 0x20 } }
            index += 1
        }
        return false
    }

    /// The item's glyphs from its words, each word with its trailing spaces.
    ///
    /// A word made only of space-neutral characters (`FontInstance.isSpaceNeutral(_:)`) shapes the same alone
    /// as in its line, so a boundary between two such words is safe: each side comes from the cache. Words joined
    /// by an unsafe boundary are shaped together as one piece, itself cached when it stands between spaces. Words
    /// touching other text at the item's edges are shaped in context and not cached. Right-to-left pieces are
    /// joined last first, as their glyphs are in visual order.
    func shapeByWords(
        _ item: TextItem, in units: UnsafeBufferPointer<UInt16>, cache: ShapeCache, memos: inout ShapingMemos
    ) -> [ShapedGlyph] {
        let context = contextNumber(for: item, in: cache, memos: &memos)
        let end = item.utf16Range.upperBound
        // Left-to-right pieces go straight into the result; right-to-left ones are joined last first at the end.
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(item.utf16Range.count)
        var rightToLeftPieces: [[ShapedGlyph]] = []
        func emit(_ word: ShapedWord) {
            if item.isRightToLeft {
                var piece: [ShapedGlyph] = []
                word.append(to: &piece)
                rightToLeftPieces.append(piece)
            } else {
                word.append(to: &glyphs)
            }
        }
        // The pending group: words since `groupStart` whose boundaries are unsafe; `groupWord` holds its only word
        // while it has one.
        var groupStart = item.utf16Range.lowerBound
        var groupWord: ShapedWord? = nil
        var groupIsSeparable = true
        var start = item.utf16Range.lowerBound
        while start < end {
            var wordEnd = start
            while wordEnd < end, units[wordEnd] != 0x20 { wordEnd += 1 }
            while wordEnd < end, units[wordEnd] == 0x20 { wordEnd += 1 }
            let word = self.word(
                start..<wordEnd, of: item, in: units, context: context, cache: cache, memos: &memos)
            let isSeparable = word.isSeparable
            if start > groupStart, !(groupIsSeparable && isSeparable) {
                groupWord = nil  // the boundary is unsafe: the group grows
            } else {
                if start > groupStart {
                    // Taken, not copied: a copy of a word retains its glyphs.
                    emit(
                        groupWord.take()
                            ?? self.word(
                                groupStart..<start, of: item, in: units, context: context, cache: cache,
                                memos: &memos))
                    groupStart = start
                }
                groupWord = consume word
            }
            groupIsSeparable = isSeparable
            start = wordEnd
        }
        emit(
            groupWord.take()
                ?? self.word(groupStart..<end, of: item, in: units, context: context, cache: cache, memos: &memos))
        return item.isRightToLeft ? Array(rightToLeftPieces.reversed().joined()) : glyphs
    }

    /// The cache's number for the item's shaping context.
    func contextNumber(for item: TextItem, in cache: ShapeCache, memos: inout ShapingMemos) -> Int {
        for recent in memos.recentContexts
        where recent.style === item.style && recent.script == item.script && recent.rightToLeft == item.isRightToLeft {
            return recent.number
        }
        // Another style with the same font and attributes (each row of a table brings its own) is the same context:
        // compared in place, not through a context copied out of the item.
        if let index = memos.recentContexts.firstIndex(where: {
            $0.script == item.script && $0.rightToLeft == item.isRightToLeft && $0.style.shapesLike(item.style)
        }) {
            memos.recentContexts[index].style = item.style
            return memos.recentContexts[index].number
        }
        let number = cache.context(
            for: ShapeCache.Context(
                font: item.font, shaping: item.shaping, script: item.script, rightToLeft: item.isRightToLeft))
        // Eight: rows of Chinese with English, code and numbers meet more than four (font, script, language)
        // contexts, which pushed each other out of four, each miss a hash of the attributes under the cache's lock.
        if memos.recentContexts.count == 8 { memos.recentContexts.removeFirst() }
        memos.recentContexts.append((item.style, item.script, item.isRightToLeft, number))
        return number
    }

    /// The glyphs of `range` (one word or a group), and whether the range is made of space-neutral characters;
    /// from the cache when the range stands between spaces or the paragraph's ends.
    ///
    /// A range that starts with a space stands alone too, whatever comes before it (an item's leading space after
    /// Chinese, say): text before a space never changes how HarfBuzz shapes it, as a space joins nothing. So does
    /// a range at an edge of its item in a script whose shaping reads no context (``Script/shapesWithoutContext``):
    /// the text beyond is another item, shaped apart, so its glyphs cannot meet the range's.
    private func word(
        _ range: Range<Int>, of item: TextItem, in units: UnsafeBufferPointer<UInt16>, context: Int,
        cache: ShapeCache, memos: inout ShapingMemos
    ) -> ShapedWord {
        let edgesStandAlone = item.script.shapesWithoutContext
        let standsAlone =
            (range.lowerBound == 0 || units[range.lowerBound - 1] == 0x20 || units[range.lowerBound] == 0x20
                || (edgesStandAlone && range.lowerBound == item.utf16Range.lowerBound))
            && (range.upperBound == units.count || units[range.upperBound - 1] == 0x20
                || (edgesStandAlone && range.upperBound == item.utf16Range.upperBound))
        guard standsAlone else {
            return ShapedWord(
                glyphs: shapePiece(range, of: item, in: units, context: context, memos: &memos),
                isSeparable: isSpaceNeutral(range, item, units))
        }
        let key = ShapeCache.Key(context: context, word: UnsafeBufferPointer(rebasing: units[range]))
        if let word = memos.recentWords.word(for: key) {
            return ShapedWord(packed: word.glyphs, isSeparable: word.isSeparable, clusterOffset: range.lowerBound)
        }
        return wordMissingLately(range, key: key, of: item, in: units, context: context, cache: cache, memos: &memos)
    }

    /// The glyphs of `range` (a word standing alone, keyed `key`) not met lately: from the shared cache, else shaped
    /// and kept there. Apart from ``word(_:of:in:context:cache:memos:)`` so that the lookup every word makes stays
    /// small enough for the compiler to inline into the word loop.
    private func wordMissingLately(
        _ range: Range<Int>, key: ShapeCache.Key, of item: TextItem, in units: UnsafeBufferPointer<UInt16>,
        context: Int, cache: ShapeCache, memos: inout ShapingMemos
    ) -> ShapedWord {
        if let word = cache.word(for: key) {
            memos.recentWords.store(word, for: key)
            return ShapedWord(packed: word.glyphs, isSeparable: word.isSeparable, clusterOffset: range.lowerBound)
        }
        let glyphs = shapePiece(range, of: item, in: units, context: context, memos: &memos).map {
            $0.movedBy(-range.lowerBound)
        }
        let isSeparable = isSpaceNeutral(range, item, units)
        if let packed = PackedGlyphs.make(glyphs) {
            let word = CachedWord(glyphs: packed, isSeparable: isSeparable)
            cache.store(word, for: key)
            memos.recentWords.store(word, for: key)
        }
        return ShapedWord(glyphs: glyphs, isSeparable: isSeparable, clusterOffset: range.lowerBound)
    }

    /// A word or group not in the cache: character by character for Chinese, Japanese and Korean, else whole.
    private func shapePiece(
        _ range: Range<Int>, of item: TextItem, in units: UnsafeBufferPointer<UInt16>, context: Int,
        memos: inout ShapingMemos
    ) -> [ShapedGlyph] {
        Self.shapesByCharacters(item)
            ? shapeByCharacters(item, range: range, in: units, context: context, memos: &memos)
            : shapeRange(range, of: item, in: units, memos: &memos)
    }

    /// Whether every character of `range` is space-neutral in the item's font.
    private func isSpaceNeutral(_ range: Range<Int>, _ item: TextItem, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        guard !item.font.face.shapingFacts.shapesWordByWord else { return true }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let (scalar, length) = UTF16Decoding.scalar(in: units, at: offset)
            if scalar != " ", !item.font.instance.isSpaceNeutral(scalar) { return false }
            offset += length
        }
        return true
    }
}
