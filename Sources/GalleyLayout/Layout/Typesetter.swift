@_spi(Stages) import GalleyText

/// Places shaped paragraphs into a chain of containers, band by band: the working state of one
/// ``LayoutManager/layout()`` pass, of a measurement and of a prepared text's. It walks the containers and the
/// paragraphs; the one ``LinePlacer`` decides each band's lines; what becomes of them is its `Output`'s
/// (``LaidOutLines`` for a layout, ``MeasuredLines`` for a measurement).
struct Typesetter<Output: TypesetterOutput> {
    let containers: [TextContainer]
    let shaper: Shaper
    let fontLibrary: FontLibrary
    let settings: DynamicTypeSettings
    /// Shapes list markers and measures list columns.
    let listMarkers: ListMarkers
    /// Shapes and places emphasis marks.
    let emphasisMarks: EmphasisMarks

    /// The lines and tables placed.
    var output = Output()
    var isStopped = false
    /// Where the text has reached in the containers.
    var bands: ContainerBands
    /// The line placers' buffers, handed from paragraph to paragraph (and from one use of a typesetter to the
    /// next, ``reset()``).
    private var placerBuffers = PlacerBuffers()
    /// Whether the first line of the paragraph placed last had emphasis marks over it
    /// (``PlacedParagraph/borrowsAnnotationSpace``).
    private(set) var firstLineBorrowsAnnotationSpace = false
    /// Whether ``takeFragments()`` keeps the fragments placed: a heading's wait for the paragraph after it.
    private var holdsFragments = false
    var unlaidStart: Int?
    /// The table whose cells are being placed, and the frames of the tables placed.
    var table: TableState?
    /// The writing mode of the paragraphs placed (the first one's); nil before any.
    private var writingMode: WritingMode?
    /// The strut made last, and the font its paragraph's first attributes named (``strut(of:)``).
    var lastStrut: (specifier: FontSpecifier, strut: (font: Font, leading: Double?))?

    /// A typesetter for `containers`. `continuing` starts as if text had been placed already (for laying out one
    /// paragraph of many on its own: the space before it applies).
    init(
        containers: [TextContainer], shaper: Shaper, fontLibrary: FontLibrary, settings: DynamicTypeSettings,
        continuing: Bool = false, markerShapes: MarkerShapes = MarkerShapes()
    ) {
        listMarkers = ListMarkers(
            shaper: shaper, fontLibrary: fontLibrary, settings: settings, shapes: markerShapes)
        emphasisMarks = EmphasisMarks(markers: listMarkers)
        self.containers = containers
        self.shaper = shaper
        self.fontLibrary = fontLibrary
        self.settings = settings
        bands = ContainerBands(containers: containers, continuing: continuing)
    }

    /// The typesetter as it was made, keeping what it allocated to place lines: for the next text placed in the
    /// same containers with the same settings.
    mutating func reset() {
        output = Output()
        isStopped = false
        unlaidStart = nil
        writingMode = nil
        table = nil
        bands.reset()
    }

    /// How far down the current container the text has reached, in points.
    var currentY: Double { bands.blockOffset }

    /// Places paragraph after paragraph, the one loop of every layout and measurement: paragraph `index` (from 0,
    /// until `paragraph` gives nil) numbered in its lists, shaped by `shaped`, said to start where the one before
    /// ended, broken by the live line breaker, placed; `placed` sees the typesetter after each. Stops when the
    /// containers are full.
    mutating func placeParagraphs(
        paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph,
        placed: (inout Typesetter) throws -> Void = { _ in }
    ) throws {
        let shaper = shaper
        try placeParagraphs(
            paragraph: paragraph, shaped: shaped, lines: { _, shaped in try LineBreaker(shaped, shaper: shaper) },
            placed: placed)
    }

    /// ``placeParagraphs(paragraph:shaped:placed:)`` reading each non-empty paragraph's lines from the source
    /// `lines` gives for it (its index and the paragraph shaped where it starts).
    ///
    /// With `records`, a paragraph whose record was made where the text has reached now (the same position in
    /// the same containers, the same place in its lists, last or not) is not placed again: its recorded fragments
    /// are taken, moved to where its characters now start; every other paragraph placed is recorded. So after an
    /// edit, the paragraphs before it are taken as they were, the edited ones placed, and those after taken again
    /// as soon as the text reaches them where it did before.
    mutating func placeParagraphs<Source: LineSource>(
        paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph,
        lines: (Int, ShapedParagraph) throws -> Source, records: ParagraphRecords? = nil,
        placed: (inout Typesetter) throws -> Void = { _ in }
    ) throws {
        var start = 0, index = 0
        var numbering = ListNumbering()
        // Each paragraph is asked for once: the next one says whether this one is last.
        var next = paragraph(0)
        // The heading placed last, where text flows across containers: placed again at the next container's top
        // when the paragraph after it does not start in its container.
        var heading: (checkpoint: Checkpoint, start: Int, index: Int, numbering: ListNumbering)?
        var breakBeforeParagraph: Int?
        while let current = next {
            try Cancellation.check()
            next = paragraph(index + 1)
            try checkWritingMode(of: current.style)
            if index == breakBeforeParagraph { bands.startNextContainer() }
            let before =
                flowsAcrossContainers
                ? (checkpoint: Checkpoint(self), start: start, index: index, numbering: numbering) : nil
            let ahead = try placeParagraph(
                index, lists: current.style.textLists, tableCell: current.style.tableCell, isLast: next == nil,
                start: start, numbering: &numbering, paragraph: paragraph, shaped: shaped, lines: lines,
                records: records)
            if let kept = heading, let before, isParted(from: kept.checkpoint, at: before.checkpoint.fragmentCount) {
                restore(kept.checkpoint)
                (start, index, numbering, breakBeforeParagraph, heading) = (
                    kept.start, kept.index, kept.numbering, kept.index, nil
                )
                next = paragraph(index)
                continue
            }
            heading =
                current.style.headerLevel > 0 && current.style.tableCell == nil
                    && before?.checkpoint.position.bandsInContainer ?? 0 > 0 && !isStopped
                ? before : nil
            holdsFragments = heading != nil
            try placed(&self)
            if isStopped { break }
            start += ahead
            index += 1
        }
        holdsFragments = false
        closeTable()
    }

    /// ``placeParagraphs(paragraph:shaped:lines:records:placed:)`` for `count` paragraphs shaped already
    /// (measuring): each paragraph's lists and length are read from its shaped form, which is not copied.
    mutating func placeParagraphs<Source: LineSource>(
        count: Int, paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph,
        lines: (Int, ShapedParagraph) throws -> Source
    ) throws {
        var start = 0
        var numbering = ListNumbering()
        for index in 0..<count {
            try Cancellation.check()
            let shapedParagraph = try shaped(index)
            // The style read where it lies: a copy would retain each of its arrays.
            try checkWritingMode(of: shapedParagraph.paragraph.style)
            start += try placeParagraph(
                index, lists: shapedParagraph.paragraph.style.textLists,
                tableCell: shapedParagraph.paragraph.style.tableCell, isLast: index == count - 1, start: start,
                numbering: &numbering, paragraph: paragraph,
                shaped: { $0 == index ? shapedParagraph : try shaped($0) }, lines: lines, records: nil)
            if isStopped { break }
        }
        closeTable()
    }

    /// Throws unless a paragraph of `style` has the writing mode of the first paragraph placed (which this one
    /// becomes when it is the first): one layout holds one writing mode.
    private mutating func checkWritingMode(of style: ParagraphStyle) throws {
        guard let writingMode else {
            writingMode = style.writingMode
            return
        }
        guard style.writingMode == writingMode else {
            throw LayoutError.mixedWritingModes(layout: writingMode, paragraph: style.writingMode)
        }
    }

    /// Places paragraph `index`, in `lists` and `tableCell`, starting at UTF-16 offset `start` (or takes its
    /// record); returns its length with its terminator.
    private mutating func placeParagraph<Source: LineSource>(
        _ index: Int, lists: [TextList], tableCell: TextTableCell?, isLast: Bool, start: Int,
        numbering: inout ListNumbering, paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph,
        lines: (Int, ShapedParagraph) throws -> Source, records: ParagraphRecords?
    ) throws -> Int {
        let item = numbering.next(lists) { listMarkers.column(level: $0, from: index, paragraph: paragraph) }
        // A table's cells depend on each other (their columns' widths), so they are neither recorded nor taken.
        if let tableCell {
            try enterTableCell(tableCell, index: index, paragraph: paragraph, shaped: shaped)
            let shaped = try shaped(index).relocated(to: start)
            try place(paragraph: shaped, index: index, isLast: isLast, listItem: item) { try lines(index, shaped) }
            leaveTableCell(spacing: shaped.paragraph.style.paragraphSpacing)
            return shaped.paragraph.length + shaped.paragraph.terminatorLength
        }
        closeTable()
        let key = PlacedParagraph.Key(start: bands.position, listItem: item, isLast: isLast)
        if let record = records?.record(index),
            record.isReusable(at: key, anywhereInContainer: bands.isTranslationInvariant)
        {
            take(record, index: index, storageStart: start)
            return record.length
        }
        let shaped = try shaped(index).relocated(to: start)
        let first = output.fragments.count
        try place(paragraph: shaped, index: index, isLast: isLast, listItem: item) { try lines(index, shaped) }
        let length = shaped.paragraph.length + shaped.paragraph.terminatorLength
        if !isStopped {
            records?.store(
                PlacedParagraph(
                    key: key, end: bands.position, storageStart: start, length: length,
                    fragments: Array(output.fragments[first...]),
                    borrowsAnnotationSpace: firstLineBorrowsAnnotationSpace),
                index)
        }
        return length
    }

    /// Takes `record`'s fragments for paragraph `index`, now starting at UTF-16 offset `storageStart` where the text
    /// has reached, and moves on as far as it took.
    private mutating func take(_ record: PlacedParagraph, index: Int, storageStart: Int) {
        let here = bands.position
        output.fragments += record.fragments(at: here.blockOffset, storageStart: storageStart, index: index)
        bands.position =
            here == record.key.start
            ? record.end
            : BandPosition(
                containerIndex: here.containerIndex, blockOffset: here.blockOffset + record.blockSize,
                bandsInContainer: here.bandsInContainer + record.end.bandsInContainer
                    - record.key.start.bandsInContainer, annotationSpace: record.end.annotationSpace)
    }

    /// The fragments placed since the last call, handed over and forgotten: for laying out a text line by line
    /// without holding its lines (``finish(textLength:)`` then describes only the fragments not taken). Inside a
    /// table none are: they are handed over once the table ends.
    mutating func takeFragments() -> [LineFragment] {
        // A table's rows move their cells into line when they end: its fragments are handed over after it; a
        // heading's, once the paragraph after it is placed with it.
        guard table == nil, !holdsFragments else { return [] }
        defer { output.fragments = [] }
        return output.fragments
    }

    /// The layout so far, as a value.
    func finish(textLength: Int) -> TextLayout {
        let ranges = containers.indices.map { index -> Range<Int> in
            let held = output.fragments.filter { $0.containerIndex == index }
            guard let first = held.first, let last = held.last else {
                let position = output.fragments.last { $0.containerIndex < index }?.characterRange.upperBound ?? 0
                return position..<position
            }
            return first.characterRange.lowerBound..<last.characterRange.upperBound
        }
        let unlaid = min(unlaidStart ?? textLength, textLength)
        return TextLayout(
            lineFragments: output.fragments, containerCharacterRanges: ranges,
            unlaidCharacterRange: unlaid..<textLength, tableFrames: output.tableFrames)
    }

    // MARK: Paragraphs

    /// Places `shaped`, paragraph `index` of the storage, broken by the live line breaker; `listItem` is its place
    /// in its lists (``ListNumbering``; nil outside lists).
    ///
    /// - Throws: ``ParagraphStyleError`` for lists nested past ``ParagraphStyle/listNestingLimit`` or a bad list
    ///   indent; the font library's errors.
    mutating func place(paragraph shaped: ShapedParagraph, index: Int, isLast: Bool, listItem: ListItemPlace?)
        throws
    {
        let shaper = shaper
        try place(paragraph: shaped, index: index, isLast: isLast, listItem: listItem) {
            try LineBreaker(shaped, shaper: shaper)
        }
    }

    /// ``place(paragraph:index:isLast:listItem:)`` reading the paragraph's lines from the source `lines` makes
    /// (asked only for a paragraph with text).
    mutating func place<Source: LineSource>(
        paragraph shaped: ShapedParagraph, index: Int, isLast: Bool, listItem: ListItemPlace?,
        lines: () throws -> Source
    ) throws {
        guard !isStopped else { return }
        // The style is read where it lies: a copy would retain each of its arrays, for every paragraph.
        if !shaped.paragraph.style.textLists.isEmpty {
            let limit = ParagraphStyle.listNestingLimit
            let lists = shaped.paragraph.style.textLists.count, indent = shaped.paragraph.style.listIndent
            guard lists <= limit else { throw ParagraphStyleError.listNestingTooDeep(lists, limit: limit) }
            guard indent.isFinite, (0...ParagraphStyle.tabLocationLimit).contains(indent) else {
                throw ParagraphStyleError.invalidListIndent(indent, limit: ParagraphStyle.tabLocationLimit)
            }
        }
        // In a table, the cell padding takes the place of the spacing between paragraphs.
        let inTable = shaped.paragraph.style.tableCell != nil && table != nil
        guard flowsAcrossContainers, !inTable, shaped.paragraph.length > 0 else {
            try placeLines(of: shaped, index: index, isLast: isLast, listItem: listItem, inTable: inTable, lines: lines)
            return
        }
        let checkpoint = Checkpoint(self)
        let placedBands = try placeLines(
            of: shaped, index: index, isLast: isLast, listItem: listItem, inTable: false, lines: lines)
        let style = shaped.paragraph.style
        if let band = FragmentationRules.breakBefore(
            bandContainers: placedBands, startsContainer: checkpoint.position.bandsInContainer == 0,
            orphans: style.orphans, widows: style.widows)
        {
            restore(checkpoint)
            try placeLines(
                of: shaped, index: index, isLast: isLast, listItem: listItem, inTable: false, breakBefore: band,
                lines: lines)
        }
    }

    /// Places `shaped`'s lines from where the text has reached (``place(paragraph:index:isLast:listItem:lines:)``
    /// past its checks), starting a new container before band `breakBefore` when it is given; returns the
    /// container of each band placed when text flows across containers (empty otherwise).
    @discardableResult
    private mutating func placeLines<Source: LineSource>(
        of shaped: ShapedParagraph, index: Int, isLast: Bool, listItem: ListItemPlace?, inTable: Bool,
        breakBefore: Int? = nil, lines: () throws -> Source
    ) throws -> [Int] {
        if !inTable { bands.enterParagraph(spacingBefore: shaped.paragraph.style.paragraphSpacingBefore) }
        let length = shaped.paragraph.length
        guard length > 0 else {
            let strut = try strut(of: shaped.paragraph)
            placeEmptyLine(
                ParagraphContext(
                    shaped: shaped, index: index, isLast: isLast, baseFont: strut.font, baseLeading: strut.leading,
                    listItem: listItem))
            if !inTable { bands.blockOffset += shaped.paragraph.style.paragraphSpacing }
            return []
        }
        // The buffers are handed over, not shared: a shared buffer is copied when the placer writes it.
        var buffers = PlacerBuffers()
        swap(&buffers, &placerBuffers)
        let source = try lines()
        let strut = try source.preparedStrut ?? strut(of: shaped.paragraph)
        let context = ParagraphContext(
            shaped: shaped, index: index, isLast: isLast, baseFont: strut.font, baseLeading: strut.leading,
            listItem: listItem)
        // Made from values the placer takes over: made inside a throwing initializer, it was copied out of it.
        var placer = LinePlacer(
            source: source, context: context, shaper: shaper, keepsGlyphs: Output.keepsFragments,
            buffers: consume buffers)
        bands.indents = indents(placer.context)
        var start = 0, bandCount = 0
        var bandContainers: [Int] = []
        while start < length, !isStopped {
            // Every 64 bands: a paragraph of many lines stops soon after its work is cancelled, and a row of a
            // few lines does not read the task's cancellation for each.
            if bandCount & 63 == 0 { try Cancellation.check() }
            if bandCount == breakBefore { bands.startNextContainer() }
            bandCount += 1
            start = placeBand(from: start, &placer)
            if flowsAcrossContainers { bandContainers.append(bands.containerIndex) }
        }
        placerBuffers = placer.takeBuffers()
        if !inTable { bands.blockOffset += shaped.paragraph.style.paragraphSpacing }
        return bandContainers
    }

    /// Places one band (one visual line, possibly several fragments beside exclusions) from `start`, as `placer`
    /// chooses its lines, cutting them where a line limit truncates; returns where the next band starts.
    private mutating func placeBand<Source: LineSource>(from start: Int, _ placer: inout LinePlacer<Source>) -> Int {
        let context = placer.context
        let length = context.paragraph.length
        guard var band = placer.placeBand(from: start, in: &bands) else {
            stop(at: context.storageStart + start)
            return length
        }
        if table != nil {
            let shift = followTable(toBandAt: band.top, blockSize: band.blockSize)
            if shift > 0 { band = band.moved(down: shift) }
            if start == 0 { noteTableLine(baseline: band.top + band.metrics.baselineFromTop) }
        }
        if start == 0 { firstLineBorrowsAnnotationSpace = band.annotation.overflowOver > 0 }
        let container = bands.frames[bands.containerIndex]
        var cursor = band.end
        let textRemains = cursor < length || !context.isLast
        let lastAllowedBand =
            container.maximumNumberOfLines > 0 && bands.bandsInContainer + 1 >= container.maximumNumberOfLines
        // The placer's lines are read one by one, not held: a held buffer would be copied when the next band fills it.
        let count = placer.lines.count
        for position in 0..<count {
            // Its fields read in place: the placed line copied whole, then its parts, retained its runs twice.
            let segment = placer.lines[position].segment
            placer.setTabOrigin(for: segment, in: band.room)
            var line = placer.lines[position].line
            var content = placer.lines[position].content
            var truncated = false
            let isFinal = position == count - 1
            let truncation =
                !context.wraps
                ? context.lineBreakMode
                : (lastAllowedBand && textRemains && isFinal ? container.lineBreakMode : .wordWrap)
            if truncation.isTruncating, !context.wraps || lastAllowedBand,
                let cut = placer.truncated(
                    line, in: segment, mode: truncation, toParagraphEnd: lastAllowedBand && context.wraps,
                    moreTextFollows: lastAllowedBand && context.wraps && !context.isLast)
            {
                (line, content, truncated) = (cut.line, cut.content, true)
                cursor = max(cursor, cut.line.utf16Range.upperBound)
                if lastAllowedBand && context.wraps, unlaidStart == nil {
                    unlaidStart = context.storageStart + cut.hiddenStart
                }
            }
            keepFragment(
                line: line, content: content, segment: segment, band: band, placer: &placer,
                truncated: truncated, isParagraphEnd: line.utf16Range.upperBound == length)
        }
        bands.finishBand(
            top: band.top, blockSize: band.blockSize, lineSpacing: context.style.lineSpacing,
            textContinues: cursor < length)
        if lastAllowedBand && textRemains && container.lineBreakMode.isTruncating {
            isStopped = true
            if unlaidStart == nil { unlaidStart = context.storageStart + length + context.paragraph.terminatorLength }
        }
        return cursor
    }

    mutating func stop(at offset: Int) {
        isStopped = true
        if unlaidStart == nil { unlaidStart = offset }
    }
}

extension ParagraphStyle.LineBreakMode {
    /// Whether the mode ends a cut line with an ellipsis.
    var isTruncating: Bool { self == .truncateHead || self == .truncateMiddle || self == .truncateTail }
}
