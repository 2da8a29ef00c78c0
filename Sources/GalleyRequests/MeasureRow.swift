import Galley
import GalleyDocuments

/// One `measure` row (a line of JSON) decoded: its id as written, its text, width and attributes, and the Dynamic
/// Type settings it is measured under. The command line and `galley serve` decode rows through this one reader.
public struct MeasureRow {
    /// What a request gives every row, which a row's own keys override key by key.
    public struct Defaults: Sendable {
        /// The width in points of rows that give none.
        public var width: Double
        /// The font the options ask for.
        public var request: FontRequest { didSet { rowFonts = RowFonts() } }
        /// ``request`` resolved, used as it is by rows that name no font key.
        public var specifier: FontSpecifier { didSet { rowAttributes = Self.attributes(specifier, text) } }
        /// The Dynamic Type settings.
        public var settings: DynamicTypeSettings
        /// The language and line settings.
        public var text: TextSettings { didSet { rowAttributes = Self.attributes(specifier, text) } }
        /// The files rows may name (font files).
        public var access: FileAccess { didSet { rowFonts = RowFonts() } }
        /// Whether rows' text holds ruby markup (``RubyMarkup``) unless a row says otherwise.
        public var rubyMarkup: Bool
        /// Where the ruby read from rows' markup sits unless a row says otherwise.
        public var rubyPosition: RubyAnnotation.Position

        /// What `options` give every row, in `library`; font files rows name are read as `access` allows.
        ///
        /// - Throws: a bad option's error, or `FontError` for a font the options name that cannot be found, once for
        ///   the request rather than once a row.
        public init(_ options: RequestOptions, library: FontLibrary, width: Double, access: FileAccess) throws {
            var options = options
            // Rows are measured to equal the browser: CSS's choice of font for punctuation unless asked otherwise
            // (notes and documents set CLREQ's).
            if !options.has(.punctuationFont) {
                options.set(.punctuationFont, .text(ParagraphStyle.PunctuationFont.css.rawValue))
            }
            self.width = options.number(.width) ?? width
            request = options.fontRequest
            specifier = try options.fontSpecifier(library: library)
            settings = options.dynamicTypeSettings
            // A font the options name that cannot be had is the request's one error, not every row's.
            _ = try library.font(for: specifier, settings: settings)
            text = options.textSettings
            rubyMarkup = options.flag(.rubyMarkup)
            rubyPosition = options.choice(.rubyPosition, as: RubyAnnotation.Position.self) ?? .over
            self.access = access
            rowAttributes = Self.attributes(specifier, text)
        }

        /// The attributes of a row that names no font key and no language: made once, not once per row.
        private(set) var rowAttributes: TextAttributes
        /// The fonts rows named, resolved over ``request`` as ``access`` allows: shared by the rows of a request
        /// and its workers, and made anew when either changes.
        private(set) var rowFonts = RowFonts()

        /// `text` applied to text in `specifier`'s font: every row's attributes, the defaults' and a row's own.
        fileprivate static func attributes(_ specifier: FontSpecifier, _ text: TextSettings) -> TextAttributes {
            text.applied(to: TextAttributes(font: specifier))
        }
    }

    /// The row's id exactly as written (every digit of a large number), or `null`.
    public var id: String
    /// The text to measure.
    public var text: String
    /// The width in points.
    public var width: Double
    /// The text's attributes: the row's font, language and line settings over the defaults.
    public var attributes: TextAttributes
    /// The Dynamic Type settings the row is measured under.
    public var settings: DynamicTypeSettings
    /// The ruby over ``text`` (UTF-16 ranges of it) its markup gave; empty for most rows.
    public var rubies: [(range: Range<Int>, annotation: RubyAnnotation)] = []

    /// The row's text as a storage: its attributes, and its ruby over its bases.
    public func storage() -> TextStorage {
        RubyMarkup.Parsed(text: text, rubies: rubies).storage(attributes: attributes)
    }

    /// The keys a row may have: its id and text, the font's keys and the settings a row takes.
    public static let keys =
        ["id", "text"] + FontRequest.keys
        + RequestSettings.accepted(on: .measureRow, for: .measure).map(\.name.rawValue).filter {
            !FontRequest.keys.contains($0)
        } + RequestSettings.lines.flatMap { $0.paragraphStyle?.formerKeys ?? [] }

    /// ``keys`` as a set, for looking a row's members up.
    static let keySet = Set(keys)

    /// The member kept as written (a row's id is echoed digit for digit).
    private static let idKey = ["id"]

    /// The row `line` holds, with `defaults` where it is silent; `id` is set to the row's id as written as soon as
    /// it is read, so that an error can name it.
    ///
    /// - Throws: a syntax error (with its column) for text that is not JSON; ``InputError`` naming the key for an unknown
    ///   key, a missing text, a value of the wrong type or range, or a font file `defaults.access` does not allow;
    ///   `FontError` for a font that cannot be found or read.
    public static func decode(_ line: String, defaults: Defaults, library: FontLibrary, id: inout String) throws
        -> MeasureRow
    {
        let parsed: (JSONValue, JSONParser.MemberTexts)
        do {
            parsed = try JSONParser.parseKeepingMemberText(line, of: idKey)
        } catch let syntax as JSONParser.SyntaxError {
            if let written = syntax.memberText["id"] { id = written }
            throw syntax
        }
        let (value, memberText) = parsed
        let row = JSONField(value: value, path: "")
        id = memberText["id"] ?? (value["id"].map(\.serialized) ?? "null")
        // Its id and text alone (the common row): allowed, and every setting is the defaults'; asking for each
        // one looked through the row's members for every key a row may have.
        let isPlain: Bool
        if case .object(let members) = value {
            isPlain = members.allSatisfy { $0.key == "id" || $0.key == "text" }
        } else {
            isPlain = false
        }
        if !isPlain { try row.requireObject(allowing: keys, among: keySet) }
        guard let textField = row.member("text") else { throw InputError(path: "text", "missing") }
        let text = try textField.string()
        if isPlain {
            var plain = MeasureRow(
                id: id, text: text, width: defaults.width, attributes: defaults.rowAttributes,
                settings: defaults.settings)
            if defaults.rubyMarkup { try plain.readRuby(position: defaults.rubyPosition) }
            return plain
        }
        let width = try row.member("width")?.number(in: Document.widthRange) ?? defaults.width
        var settings = defaults.settings
        if let category = row.member("category") { settings.category = try category.choice(ContentSizeCategory.self) }
        if let bold = row.member("boldText") { settings.boldText = try bold.bool() }
        let specifier = try fontSpecifier(row, defaults: defaults, settings: settings, library: library)
        let language = try row.member("language")?.languageTag()
        var measured = MeasureRow(
            id: id, text: text, width: width, attributes: defaults.rowAttributes, settings: settings)
        if specifier != nil || language != nil {
            var textSettings = defaults.text
            if let language { textSettings.language = language }
            measured.attributes = Defaults.attributes(specifier ?? defaults.specifier, textSettings)
        }
        // The row's own settings override the options'.
        try readEmphasis(row, into: &measured.attributes)
        if row.hasMember(amongst: RequestSettings.acceptedLineKeySet) {
            var style = measured.attributes.paragraphStyle ?? ParagraphStyle()
            try RequestSettings.readLines(row, into: &style)
            measured.attributes.paragraphStyle = style
        }
        if try row.member("rubyMarkup")?.bool() ?? defaults.rubyMarkup {
            try measured.readRuby(
                position: try row.member("rubyPosition")?.choice(RubyAnnotation.Position.self) ?? defaults.rubyPosition)
        }
        return measured
    }

    /// Reads the ruby markup in ``text``: the text becomes the base text, and ``rubies`` the annotations over it,
    /// each at `position`.
    ///
    /// - Throws: ``InputError`` naming `text` for bad ruby (``RubyError``).
    private mutating func readRuby(position: RubyAnnotation.Position) throws {
        do {
            let parsed = try RubyMarkup.parse(text, position: position)
            (text, rubies) = (parsed.text, parsed.rubies)
        } catch {
            throw InputError(path: "text", "\(error)")
        }
    }

    /// The row's `textEmphasis` and `textEmphasisPosition` over `attributes`' emphasis (the options'): a style
    /// alone takes the options' position, a position alone moves the options' marks.
    ///
    /// - Throws: ``InputError`` naming the key for a style or position that is not one.
    private static func readEmphasis(_ row: JSONField, into attributes: inout TextAttributes) throws {
        var placement: (TextEmphasis.Position, TextEmphasis.ColumnSide)?
        if let position = row.member("textEmphasisPosition") {
            do { placement = try TextEmphasis.placement(css: try position.string()) } catch let error
                as TextEmphasisError
            {
                throw InputError(path: "textEmphasisPosition", "\(error)")
            }
        }
        if let style = row.member("textEmphasis") {
            do {
                attributes.textEmphasis = try TextEmphasis(
                    css: try style.string(), position: placement?.0 ?? attributes.textEmphasis?.position ?? .automatic,
                    columnSide: placement?.1 ?? attributes.textEmphasis?.columnSide ?? .right)
            } catch let error as TextEmphasisError {
                throw InputError(path: "textEmphasis", "\(error)")
            }
        } else if let placement {
            attributes.textEmphasis?.position = placement.0
            attributes.textEmphasis?.columnSide = placement.1
        }
    }

    /// The row's font: the options' request with the row's own font keys over it, key by key (`"font"` is the
    /// row's former name of `"family"`); nil when the row names no font key (the defaults' font). A request the
    /// rows before named in the same words under the same settings is not resolved again.
    private static func fontSpecifier(
        _ row: JSONField, defaults: Defaults, settings: DynamicTypeSettings, library: FontLibrary
    ) throws -> FontSpecifier? {
        _ = try row.member("family", formerly: "font")  // refuses the two names given together
        let written = RowFonts.fontKeys.map { row.member($0)?.value }
        guard written.contains(where: { $0 != nil }) else { return nil }
        let key = RowFonts.Key(written: written.map { $0.map(RowFonts.Key.text) }, settings: settings)
        if let known = defaults.rowFonts.specifier(for: key) { return known }
        var request = defaults.request
        if let formerFamily = try row.member("font")?.string() {
            try request.setFamily(formerFamily, key: "font", access: defaults.access)
        }
        let specifier = try (FontRequest.read(row, over: request, access: defaults.access) ?? request).specifier(
            library: library, settings: settings)
        defaults.rowFonts.keep(specifier, for: key)
        return specifier
    }
}

/// The font requests a request's rows wrote, resolved, by what they wrote and the settings they were resolved
/// under: resolving a font file checks its path against the readable folders and looks the font up, which a batch
/// whose rows all name one file then does once. At most ``byteLimit`` bytes of written requests are kept (rows naming
/// more start the table over; one longer than that is resolved each time), and one request's rows are measured
/// against the files as they were when first named.
final class RowFonts: Sendable {
    /// The most bytes of written requests kept: each request costs its keys' text.
    static let byteLimit = 1 << 16
    /// The keys a row may name its font with (`"font"`, the former name of `"family"`, first).
    static let fontKeys = ["font"] + FontRequest.keys

    /// A request as a row wrote it: each of ``fontKeys``' values as written (nil when absent), and the Dynamic Type
    /// settings it is resolved under.
    struct Key: Hashable {
        let written: [String?]
        let settings: DynamicTypeSettings

        /// `value` as the key holds it: a string as written (a font's path or family, the common case, which
        /// serializing would copy character by character), anything else as JSON, each marked by its kind so
        /// that neither reads as the other (`"24"` is not `24`).
        static func text(_ value: JSONValue) -> String {
            if case .string(let string) = value { return "s" + string }
            return "j" + value.serialized
        }

        /// What keeping the key costs against ``RowFonts/byteLimit``: its text, and one for each key.
        var cost: Int { written.reduce(0) { $0 + 1 + ($1?.utf8.count ?? 0) } }
    }

    private let table = Locked(BoundedTable<Key, FontSpecifier>(costLimit: RowFonts.byteLimit))

    /// The specifier a row that wrote `key` resolved to, when one did.
    func specifier(for key: Key) -> FontSpecifier? { table.withLock { $0[key] } }

    /// Keeps `specifier` as what `key` resolves to, unless the key alone passes ``byteLimit`` (which would empty
    /// the table for nothing).
    func keep(_ specifier: FontSpecifier, for key: Key) {
        let cost = key.cost
        guard cost <= Self.byteLimit else { return }
        table.withLock { $0.insert(specifier, for: key, cost: cost) }
    }
}
