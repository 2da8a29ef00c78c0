@_spi(Stages) import GalleyText

/// A list item's place in its lists: its number in the innermost one and the width of each enclosing list's
/// marker column.
struct ListItemPlace: Hashable, Sendable {
    /// The item's number in its innermost list.
    let number: Int
    /// The marker column of each list the item is nested in, outermost first (points): the paragraphs'
    /// ``ParagraphStyle/listIndent``, widened where the list's widest marker and its gap need more.
    let columns: [Double]

    /// How far the lists indent the item's text from the paragraph's own indents (points).
    var indent: Double { columns.reduce(0, +) }
}

/// Numbers list items as paragraphs are met in order: the lists open at each nesting level, their counts and
/// their marker columns.
struct ListNumbering: Sendable {
    private var open: [(list: TextList, number: Int, column: Double)] = []

    /// The place of a paragraph nested in `lists` (outermost first) that follows those already counted; nil for a
    /// paragraph in no list (which ends every open list). `column(level)` gives the marker column of the list the
    /// paragraph opens at `level` (0 for the outermost), called once per list.
    mutating func next(_ lists: [TextList], column: (_ level: Int) -> Double) -> ListItemPlace? {
        guard !lists.isEmpty else {
            open.removeAll()
            return nil
        }
        var common = 0
        while common < min(open.count, lists.count), open[common].list == lists[common] { common += 1 }
        if common == lists.count {
            open.removeSubrange(lists.count...)
            open[lists.count - 1].number += 1
        } else {
            open.removeSubrange(common...)
            for level in common..<lists.count {
                // A level opened by a deeper item counts no item of its own.
                let start = lists[level].startingItemNumber
                open.append((lists[level], level == lists.count - 1 ? start : start - 1, column(level)))
            }
        }
        return ListItemPlace(number: open[lists.count - 1].number, columns: open.map(\.column))
    }
}
