/// The editing cycle of a ``TextStorage``, as TextKit's: changes inside `beginEditing()` … `endEditing()` are
/// processed once, together. Processing grows the edited range to whole paragraphs, gives every character of
/// each touched paragraph that paragraph's style, lets edit processors add attributes (a syntax highlighter), and
/// then tells observers (layout managers) what changed.
extension TextStorage {
    struct EditingState {
        var depth = 0
        var pending: TextEdit?
        var isProcessing = false
        var nextToken: UInt64 = 0
        var processors: [UInt64: (TextStorage, TextEdit) -> Void] = [:]
        var observers: [UInt64: (TextStorage, TextEdit) -> Void] = [:]
    }

    /// Starts a batch: changes are gathered until the matching ``endEditing()``. Batches nest.
    public func beginEditing() { editing.depth += 1 }

    /// Ends a batch; the outermost end processes the gathered changes.
    public func endEditing() {
        guard editing.depth > 0 else { return }
        editing.depth -= 1
        if editing.depth == 0 { processEditing() }
    }

    /// Calls `processor` during processing, before observers, with the edit; it may change attributes (only
    /// attributes: characters changed there would invalidate the edit being processed). Its changes join the edit.
    public func addEditProcessor(_ processor: @escaping (TextStorage, TextEdit) -> Void) -> ObservationToken {
        let token = nextEditingToken()
        editing.processors[token] = processor
        let reference = UnsafeStorageReference(storage: self)
        return ObservationToken { reference.storage?.editing.processors.removeValue(forKey: token) }
    }

    /// Calls `observer` after every processed edit, until the token is cancelled or released.
    public func addEditObserver(_ observer: @escaping (TextStorage, TextEdit) -> Void) -> ObservationToken {
        let token = nextEditingToken()
        editing.observers[token] = observer
        let reference = UnsafeStorageReference(storage: self)
        return ObservationToken { reference.storage?.editing.observers.removeValue(forKey: token) }
    }

    private func nextEditingToken() -> UInt64 {
        editing.nextToken += 1
        return editing.nextToken
    }

    /// Records that `old` (offsets before this change) now holds `newLength` units, merging with the pending edit.
    func noteEdit(_ kind: TextEdit.Kind, replacing old: Range<Int>, newLength: Int) {
        changeCount += 1
        let delta = newLength - old.count
        let changed = old.lowerBound..<(old.lowerBound + newLength)
        if var pending = editing.pending {
            // Offsets before the change stay, offsets after it shift, offsets inside it go to its new ends.
            func map(_ offset: Int, upper: Bool) -> Int {
                if offset <= old.lowerBound { return offset }
                if offset >= old.upperBound { return offset + delta }
                return upper ? changed.upperBound : changed.lowerBound
            }
            let lower = min(map(pending.editedRange.lowerBound, upper: false), changed.lowerBound)
            let upper = max(map(pending.editedRange.upperBound, upper: true), changed.upperBound)
            pending.editedRange = lower..<upper
            pending.changeInLength += delta
            pending.kind.formUnion(kind)
            editing.pending = pending
        } else {
            editing.pending = TextEdit(kind: kind, editedRange: changed, changeInLength: delta)
        }
        if editing.depth == 0 && !editing.isProcessing { processEditing() }
    }

    /// Fixes attributes, runs the processors, and tells the observers.
    private func processEditing() {
        guard var edit = editing.pending else { return }
        editing.isProcessing = true
        edit.editedRange = paragraphRange(around: edit.editedRange)
        editing.pending = edit
        fixParagraphStyles(in: edit.editedRange)
        for processor in editing.processors.values { processor(self, edit) }
        edit = editing.pending ?? edit
        edit.editedRange = paragraphRange(around: edit.editedRange)
        editing.pending = nil
        editing.isProcessing = false
        for observer in editing.observers.values { observer(self, edit) }
    }

    /// `range` grown to the start of its first paragraph and the end of its last (terminator included).
    public func paragraphRange(around range: Range<Int>) -> Range<Int> {
        let start = paragraphStart(at: min(max(0, range.lowerBound), utf16.count))
        let end = min(max(start, range.upperBound), utf16.count)
        if end > start, Self.isParagraphTerminator(utf16[end - 1]) {
            // Already ends after a terminator (a CR before an LF still needs its LF).
            return start..<(end - 1 + terminatorLength(at: end - 1))
        }
        let contentEnd = paragraphContentEnd(from: end)
        return start..<(contentEnd + terminatorLength(at: contentEnd))
    }

    /// Gives every character of each paragraph in `range` the paragraph style of the paragraph's first character.
    private func fixParagraphStyles(in range: Range<Int>) {
        var fixes: [(range: Range<Int>, style: ParagraphStyle?)] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let paragraph = paragraphRange(around: start..<start)
            let style = attributes(at: start).paragraphStyle
            // Only the paragraph's own runs are looked at, found by binary search.
            var needsFix = false
            var index = runIndex(containing: paragraph.lowerBound) ?? attributeRuns.count
            while index < attributeRuns.count, attributeRuns[index].utf16Range.lowerBound < paragraph.upperBound {
                if attributeRuns[index].attributes.paragraphStyle != style {
                    needsFix = true
                    break
                }
                index += 1
            }
            if needsFix, !paragraph.isEmpty { fixes.append((paragraph, style)) }
            start = max(paragraph.upperBound, start + 1)
        }
        setParagraphStyles(fixes)
    }
}

/// A weak reference to a storage for cancellation closures. Storages are not thread-safe; observation tokens are
/// cancelled on the storage's thread, which makes holding this in a `@Sendable` closure sound.
private struct UnsafeStorageReference: @unchecked Sendable {
    weak var storage: TextStorage?
}
