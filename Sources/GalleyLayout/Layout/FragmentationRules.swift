/// Where a paragraph split between containers (pages, columns) should break instead, so that neither side keeps
/// too few of its lines: CSS Fragmentation's `orphans` and `widows`
/// (https://www.w3.org/TR/css-break-3/#widows-orphans), as ``ParagraphStyle/orphans`` and
/// ``ParagraphStyle/widows`` give them.
enum FragmentationRules {
    /// The band (a visual line) of a paragraph before which a new container should start, or nil where the
    /// paragraph's lines may stay where they fell.
    ///
    /// `bandContainers` holds the container of each of the paragraph's bands, in order, as they were placed;
    /// `startsContainer` says whether the first band began its container (moving it on would gain nothing). Only
    /// the paragraph's first split is judged: a paragraph longer than a container keeps its later splits.
    ///
    /// Too few lines at the end of the first container (orphans) move the whole paragraph on. Too few at the start
    /// of the next (widows) take lines from the one before while it keeps its orphans; where it cannot, the
    /// paragraph moves on whole, as CSS engines move a short paragraph.
    static func breakBefore(bandContainers: [Int], startsContainer: Bool, orphans: Int, widows: Int) -> Int? {
        guard let first = bandContainers.first,
            let split = bandContainers.firstIndex(where: { $0 != first })
        else { return nil }
        let orphans = max(1, orphans), widows = max(1, widows)
        let next = bandContainers[split]
        let carried = bandContainers[split...].prefix { $0 == next }.count
        let continuesPast = split + carried < bandContainers.count
        if split < orphans { return startsContainer ? nil : 0 }
        guard carried < widows, !continuesPast else { return nil }
        let moved = split - (widows - carried)
        if moved >= orphans { return moved }
        return startsContainer ? nil : 0
    }
}
