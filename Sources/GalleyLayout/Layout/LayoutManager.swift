@_spi(Stages) import GalleyText

/// Stage 4: lays a text storage out in a chain of text containers, as TextKit's `NSLayoutManager`.
///
/// Paragraphs are itemized and shaped once (and again only when the storage, the Dynamic Type settings or the
/// fonts change), then broken into line fragments for the containers' widths and exclusion paths. ``layout()``
/// returns a ``TextLayout`` value; it is cached until the storage or a container changes.
///
/// ```swift
/// let storage = TextStorage("Text that flows around a badge…", attributes: TextAttributes(font: .textStyle(.body)))
/// let manager = LayoutManager(textStorage: storage, fontLibrary: try .standard)
/// manager.addTextContainer(TextContainer(size: Size(width: 320, height: 0),
///                                        exclusionPaths: [.circle(center: Point(x: 280, y: 40), radius: 30)]))
/// let layout = try manager.layout()
/// print(layout.usedRect().height, layout.lineFragments.count)
/// ```
///
/// A layout manager is not thread-safe; use one per thread (they may share a ``FontLibrary``).
public final class LayoutManager {
    /// The text laid out; the manager follows its edits paragraph by paragraph.
    public let textStorage: TextStorage
    /// Where fonts are found.
    public let fontLibrary: FontLibrary
    /// The containers, in the order text flows through them.
    public private(set) var textContainers: [TextContainer] = []
    /// The Dynamic Type settings text styles resolve against; changing them re-shapes and re-lays the text.
    public var settings: DynamicTypeSettings {
        didSet { if settings != oldValue { invalidateShaping() } }
    }

    /// The bounds this manager's work keeps to (the longest paragraph it lays out, in UTF-16 units: longer ones
    /// are an error, not a stall); changing them lays the text out again.
    public var limits = Limits() {
        didSet { if limits != oldValue { invalidateShaping() } }
    }

    let shaper = Shaper()
    /// The storage's paragraphs as this manager keeps them, updated edit by edit (LayoutManager+Paragraphs).
    var paragraphCache = ParagraphCache()
    /// List numbering states after paragraphs whose item numbers an incremental layout asked for, by paragraph
    /// index; emptied by every edit.
    var listNumberingAfter: [Int: ListNumbering] = [:]
    /// List markers shaped by any pass: a list's column measures all its markers again after each edit.
    let markerShapes = MarkerShapes()
    /// Told of each paragraph this manager shapes and each paragraph with text it places (breaks into lines) in
    /// layouts and windows: what an edit costs, for a caller that watches it. None unless one is set.
    var probe: ((LayoutWork) -> Void)?
    private var storageObservation: ObservationToken?
    private var cached: (layout: TextLayout, containers: [ContainerSnapshot], changeCount: Int)?

    /// The environment the settings follow, when the manager was made with one.
    public let environment: DynamicTypeEnvironment?
    private var environmentObservation: ObservationToken?
    private var invalidationObservers: [UInt64: (LayoutManager) -> Void] = [:]
    private var nextObserverToken: UInt64 = 0

    /// A layout manager with fixed Dynamic Type settings.
    public init(
        textStorage: TextStorage, fontLibrary: FontLibrary, settings: DynamicTypeSettings = DynamicTypeSettings()
    ) {
        self.textStorage = textStorage
        self.fontLibrary = fontLibrary
        self.settings = settings
        environment = nil
        observeStorage()
    }

    /// A layout manager that follows `environment`: when its settings change and the text uses a text style, the
    /// fonts are resolved again, the layout is invalidated, and the observers of ``observeInvalidation(_:)`` are
    /// called (on the thread that changed the environment).
    public init(textStorage: TextStorage, fontLibrary: FontLibrary, environment: DynamicTypeEnvironment) {
        self.textStorage = textStorage
        self.fontLibrary = fontLibrary
        self.environment = environment
        settings = environment.settings
        let reference = UnsafeLayoutManagerReference(manager: self)
        environmentObservation = environment.observe { settings in reference.manager?.environmentChanged(to: settings) }
        observeStorage()
    }

    private func observeStorage() {
        let reference = UnsafeLayoutManagerReference(manager: self)
        storageObservation = textStorage.addEditObserver { _, edit in reference.manager?.storageEdited(edit) }
    }

    /// Calls `handler` whenever the layout is invalidated by a Dynamic Type change, until the token is cancelled
    /// or released.
    public func observeInvalidation(_ handler: @escaping (LayoutManager) -> Void) -> ObservationToken {
        nextObserverToken += 1
        let token = nextObserverToken
        invalidationObservers[token] = handler
        let reference = UnsafeLayoutManagerReference(manager: self)
        return ObservationToken { reference.manager?.invalidationObservers.removeValue(forKey: token) }
    }

    /// Whether any character (or the typing attributes) takes its font from a text style.
    public var usesTextStyles: Bool {
        textStorage.attributeRuns.contains { $0.attributes.font?.textStyle != nil || $0.attributes.font == nil }
            || (textStorage.length == 0
                && (textStorage.typingAttributes.font == nil || textStorage.typingAttributes.font?.textStyle != nil))
    }

    private func environmentChanged(to newSettings: DynamicTypeSettings) {
        guard newSettings != settings, usesTextStyles else { return }
        settings = newSettings
        for observer in invalidationObservers.values { observer(self) }
    }

    /// Appends a container; text flows into it after the ones already there.
    public func addTextContainer(_ container: TextContainer) {
        textContainers.append(container)
        invalidateLayout()
    }

    /// Removes the container at `index`.
    public func removeTextContainer(at index: Int) {
        textContainers.remove(at: index)
        invalidateLayout()
    }

    /// The line breaker that places `shaped` (a paragraph with text) in a layout or a window, told to the probe.
    func lineBreaker(for shaped: ShapedParagraph) throws -> LineBreaker {
        probe?(.placedParagraph)
        return try LineBreaker(shaped, shaper: shaper)
    }

    /// Forgets the cached layout value alone.
    func forgetLayout() { cached = nil }

    /// Forgets the line layout, every paragraph as placed included (kept: the shaped paragraphs): the next layout
    /// places every paragraph again.
    public func invalidateLayout() {
        cached = nil
        paragraphCache.dropRecords()
    }

    /// Forgets the shaped paragraphs and the layout, as after a font or settings change.
    public func invalidateShaping() {
        paragraphCache.invalidateAll()
        listNumberingAfter.removeAll()
        cached = nil
    }

    /// The text laid out in the containers, computed when the storage, a container or the settings changed since
    /// the last call.
    ///
    /// - Throws: ``LayoutError`` for an unusable container or an overlong paragraph, ``FontError`` for a font that
    ///   cannot be found, ``PathError`` for an exclusion path with bad coordinates.
    public func layout() throws -> TextLayout {
        let snapshots = containerSnapshots
        if let cached, cached.containers == snapshots, cached.changeCount == textStorage.changeCount {
            return cached.layout
        }
        let writingMode =
            loadParagraphs(through: 0) ? paragraphCache.entries[0].paragraph.style.writingMode : .horizontalTB
        var typesetter = Typesetter<LaidOutLines>(
            containers: try lineContainers(for: writingMode), shaper: shaper, fontLibrary: fontLibrary,
            settings: settings, markerShapes: markerShapes)
        // Paragraphs are read from the storage and shaped as the typesetter reaches them: those past full
        // containers are never read or shaped.
        // Paragraphs placed by the last layout where the text reaches them again are taken as they were.
        var shapedAhead = 0
        paragraphCache.keepRecords(for: snapshots)
        try typesetter.placeParagraphs(
            paragraph: { index in loadParagraphs(through: index) ? paragraphCache.entries[index].paragraph : nil },
            shaped: { index in
                if index >= shapedAhead { shapedAhead = shapeAhead(from: index) }
                return try shapedParagraph(at: index)
            },
            lines: { _, shaped in try lineBreaker(for: shaped) },
            records: ParagraphRecords(
                record: { self.paragraphCache.entries[$0].placed },
                store: { self.paragraphCache.setPlaced($0, at: $1) }))
        var layout = typesetter.finish(textLength: textStorage.length)
        layout.writingMode = writingMode
        layout.containerWidths = textContainers.map(\.size.width)
        cached = (layout, snapshots, textStorage.changeCount)
        return layout
    }

    /// Lays the text out in the containers exactly as ``layout()`` does, handing each line fragment to `body` as
    /// soon as its paragraph is placed, and keeping neither the lines nor the paragraphs: memory follows one batch
    /// of paragraphs whatever the text's length (a million lines printed by `galley layout`). Caches nothing for
    /// later layouts.
    ///
    /// Returns the frames of the tables laid out (``TextLayout/tableFrames``), which their cells' fragments do not
    /// carry.
    ///
    /// - Throws: what ``layout()`` throws, and what `body` throws (which ends the layout).
    @discardableResult
    public func enumerateLineFragments(_ body: (LineFragment) throws -> Void) throws -> [TableFrame] {
        let itemizer = Itemizer(fontLibrary: fontLibrary, settings: settings)
        // The batch of paragraphs at hand: paragraph `batchNumber * paragraphLoadBatch + i` is `batch[i]`. Batches
        // are read forward one at a time, each from where the one before ended; a list's column looks ahead, so a
        // batch before is read again from its recorded start.
        var batch: [Paragraph] = [], batchNumber = -1, batchStarts = [0]
        func paragraph(_ index: Int) -> Paragraph? {
            let wanted = index / Self.paragraphLoadBatch
            while batchNumber != wanted {
                let next = min(wanted, batchStarts.count - 1)
                let end: Int
                (batch, end) = textStorage.paragraphs(from: batchStarts[next], limit: Self.paragraphLoadBatch)
                batchNumber = next
                if next == batchStarts.count - 1 {
                    if end < textStorage.length {
                        batchStarts.append(end)
                    } else if wanted > next {
                        return nil
                    }
                }
            }
            let position = index - wanted * Self.paragraphLoadBatch
            return position < batch.count ? batch[position] : nil
        }
        var typesetter = Typesetter<LaidOutLines>(
            containers: try lineContainers(for: paragraph(0)?.style.writingMode ?? .horizontalTB), shaper: shaper,
            fontLibrary: fontLibrary, settings: settings)
        try typesetter.placeParagraphs(
            paragraph: paragraph,
            shaped: { index in try shaper.shape(paragraph(index)!, itemizer: itemizer, limits: limits) },
            placed: { typesetter in for fragment in typesetter.takeFragments() { try body(fragment) } })
        for fragment in typesetter.takeFragments() { try body(fragment) }  // a table's, when the text ends in one
        return typesetter.output.tableFrames
    }

    /// The containers, checked, in the line coordinates of text in `writingMode` (``TextContainer/lineContainer(for:)``):
    /// what the typesetter fills.
    ///
    /// - Throws: ``LayoutError/noTextContainer``; a container's errors (``TextContainer/lineContainer(for:)``, an
    ///   unusable size, padding or exclusion path).
    func lineContainers(for writingMode: WritingMode) throws -> [TextContainer] {
        guard !textContainers.isEmpty else { throw LayoutError.noTextContainer }
        let containers = try textContainers.map { try $0.lineContainer(for: writingMode) }
        for container in containers { try container.validate() }
        return containers
    }

    /// What the layout of the containers depends on, to tell whether a cached layout still holds.
    var containerSnapshots: [ContainerSnapshot] { textContainers.map(ContainerSnapshot.init) }
}

/// A weak reference to a layout manager that environment observers may hold. Layout managers are not thread-safe;
/// the environment's documentation asks that it be changed on the thread that uses them, which is what makes
/// handing this reference to a `@Sendable` observer sound.
private struct UnsafeLayoutManagerReference: @unchecked Sendable {
    weak var manager: LayoutManager?
}

/// What of a container the layout depends on, to notice changes to the (mutable) container objects.
struct ContainerSnapshot: Equatable {
    let size: Size
    let padding: Double
    let paths: [BezierPath]
    let exclusions: [ExclusionPath]
    let maximumLines: Int
    let mode: ParagraphStyle.LineBreakMode
    let minimumSegmentWidth: Double?
    let wrapSide: TextContainer.WrapSide

    init(_ container: TextContainer) {
        size = container.size
        padding = container.lineFragmentPadding
        paths = container.exclusionPaths
        exclusions = container.exclusions
        maximumLines = container.maximumNumberOfLines
        mode = container.lineBreakMode
        minimumSegmentWidth = container.minimumSegmentWidth
        wrapSide = container.wrapSide
    }
}

/// Work a layout manager does, as its probe is told of it.
enum LayoutWork: Equatable {
    /// A paragraph was shaped.
    case shapedParagraph
    /// A paragraph with text was broken into lines and placed (not taken from the last layout's record).
    case placedParagraph
}
