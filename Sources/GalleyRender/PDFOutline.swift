/// What a PDF says about itself beyond its pages: its title (shown by viewers in the window's title bar and by
/// `pdfinfo`) and its outline (the bookmarks a viewer lists beside the pages, made from the headings).
public struct PDFDocumentInfo: Sendable, Equatable {
    /// One bookmark: a heading's level (1 the highest), its text, and where it stands.
    public struct OutlineEntry: Sendable, Equatable {
        /// The heading's level, 1 to 6; a deeper entry nests under the last shallower one before it.
        public var level: Int
        /// The heading's text.
        public var title: String
        /// The page it is on, from 0.
        public var page: Int
        /// How far down the page its first line's top is, in points from the page's top edge.
        public var y: Double

        /// An entry for a heading of `level` reading `title`, on page `page` (from 0), `y` points from its top.
        public init(level: Int, title: String, page: Int, y: Double) {
            (self.level, self.title, self.page, self.y) = (level, title, page, y)
        }
    }

    /// The document's title; nil for none.
    public var title: String?
    /// The outline's entries, in reading order.
    public var outline: [OutlineEntry]
    /// The natural language of the document's text, a BCP 47 tag (`zh-Hans`, `en`), written as the catalog's
    /// `/Lang` for screen readers and text extraction; nil (or a string that is not a tag) for none.
    public var language: String?

    /// Information with `title`, `outline` and `language`.
    public init(title: String? = nil, outline: [OutlineEntry] = [], language: String? = nil) {
        self.title = title
        self.outline = outline
        self.language = language
    }

    /// The entries' parents: for each entry, the index of the entry it nests under (the last one before it of a
    /// lower level), or nil at the top.
    var parents: [Int?] {
        var open: [Int] = []
        return outline.indices.map { index in
            while let last = open.last, outline[last].level >= outline[index].level { open.removeLast() }
            defer { open.append(index) }
            return open.last
        }
    }
}
