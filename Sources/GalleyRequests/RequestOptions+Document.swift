import Foundation
import Galley
import GalleyDocuments

extension RequestOptions {
    /// The font library the options ask for: the shared standard one, or the one without system fonts.
    public func fontLibrary() throws -> FontLibrary {
        try flag(.noSystemFonts) ? FontLibrary.bundledOnly : .standard
    }

    /// `renderer`'s image as the options ask for it: in `format`, at their quality and compression, a PNG's bands
    /// deflated on `threads` threads; and the UTF-16 range its height left out.
    ///
    /// - Throws: what ``DocumentRenderer/renderImage(_:quality:compression:threads:)`` throws.
    public func renderImage(
        _ renderer: DocumentRenderer, as format: ImageFormat, threads: Int = Processors.usable
    ) throws -> (data: Data, cut: Range<Int>) {
        try renderer.renderImage(format, quality: number(.quality), compression: compression, threads: threads)
    }

    /// How the options ask a lossless image to be compressed (``SettingName/compression``; fast by default).
    public var compression: ImageCompression { choice(.compression, as: ImageCompression.self) ?? .fast }

    /// Refuses an option the image's `format` has no use for, naming it as its surface spells it: a quality
    /// beside a lossless format, a compression beside a lossy one, a page height beside one without
    /// pages. The command line, the service and batches all ask this before any input is read.
    ///
    /// - Throws: ``InputError`` naming the option.
    public func checkOptions(apply format: ImageFormat) throws {
        try format.refuseUnused(
            quality: number(.quality) != nil, compression: has(.compression), pages: number(.pageHeight) != nil
        ) { Self.label($0.optionName, self.surface) }
    }

    /// The Dynamic Type settings the options ask for.
    public var dynamicTypeSettings: DynamicTypeSettings {
        DynamicTypeSettings(
            category: choice(.category, as: ContentSizeCategory.self) ?? .large, boldText: flag(.boldText))
    }

    /// The font the options ask for; a file among them was allowed by ``access`` when it was given.
    public var fontRequest: FontRequest {
        var request = FontRequest(
            size: number(.size), style: choice(.style, as: TextStyle.self) ?? .body, weight: number(.weight),
            italic: flag(.italic))
        switch values[.font]?.last {
        case .file(let file)?: request.file = file
        case .text(let family)?: request.family = family
        default: break
        }
        return request
    }

    /// The font specifier the options ask for: a style, a family at a style's size, or a fixed font.
    ///
    /// - Throws: `FontError` for a file that is not a usable font or a family no library knows.
    public func fontSpecifier(library: FontLibrary) throws -> FontSpecifier {
        try fontRequest.specifier(library: library, settings: dynamicTypeSettings)
    }

    /// The language and line settings the options give, laid over text's attributes.
    public var textSettings: TextSettings {
        var members: [(String, JSONValue)] = []
        for line in RequestSettings.lines {
            guard let value = values[line.name]?.last else { continue }
            switch value {
            case .number(let number): members.append((line.key, .number(number)))
            case .flag(let flag): members.append((line.key, .bool(flag)))
            case .text(let text): members.append((line.key, .string(text)))
            case .file: continue
            }
        }
        let language = text(.language)
        var settings = TextSettings(
            language: language == "auto" ? Hyphenator.localeLanguage : language, lineSettings: .object(members))
        // Checked as the options were read.
        let placement = text(.textEmphasisPosition).flatMap { try? TextEmphasis.placement(css: $0) }
        settings.emphasis = text(.textEmphasis).flatMap {
            try? TextEmphasis(
                css: $0, position: placement?.0 ?? .automatic, columnSide: placement?.1 ?? .right)
        }
        return settings
    }

    /// The document `text` holds, read as `kind` with the options laid over it, and the font library it uses;
    /// the files the document names are read as `documentAccess` allows.
    ///
    /// - Throws: ``InputError`` or the readers' errors for a bad document or option.
    public func readDocument(text: String, kind: InputKind, documentAccess: FileAccess) throws -> (
        Document, FontLibrary
    ) {
        let library = try fontLibrary()
        var document = try InputReader.read(
            text: text, kind: kind, defaults: try defaultAttributes(library: library), library: library,
            access: documentAccess, theme: theme,
            codeLigatures: flag(.codeLigatures), limits: documentLimits)
        try apply(to: &document)
        return (document, library)
    }

    /// The document in the file at `path` (`-`: standard input as plain text) with the options laid over it;
    /// the files it names are read from its folder and the ``SettingName/allowDir`` folders.
    public func readDocument(path: String) throws -> (Document, FontLibrary) {
        let library = try fontLibrary()
        var document = try InputReader.read(
            path: path, defaults: try defaultAttributes(library: library), library: library,
            allowing: texts(.allowDir), theme: theme,
            codeLigatures: flag(.codeLigatures), limits: documentLimits)
        try apply(to: &document)
        return (document, library)
    }

    /// One JSON document given as text (a line of a .jsonl batch) with the options laid over it; the files it
    /// names are read from `baseDirectory` and the allowed folders.
    public func readDocument(json: String, baseDirectory: String?) throws -> (Document, FontLibrary) {
        try readDocument(
            text: json, kind: .json,
            documentAccess: FileAccess(baseDirectory: baseDirectory, allowing: texts(.allowDir)))
    }

    /// The theme the options name (light by default).
    private var theme: NoteTheme { choice(.theme, as: NoteTheme.Name.self).map(NoteTheme.named) ?? .light }

    /// The attributes text starts from: the options' font and colour (the theme's text colour by default).
    private func defaultAttributes(library: FontLibrary) throws -> TextAttributes {
        var defaults = NoteReader.defaultAttributes(theme: theme)
        defaults.font = try fontSpecifier(library: library)
        if let color = text(.color) { defaults.foregroundColor = try Color(css: color) }
        return defaults
    }

    /// Lays the options over what the document itself asked for.
    private func apply(to document: inout Document) throws {
        document.render.limits = limits
        if let width = number(.width) { document.width = width }
        if let height = number(.height) { document.height = height }
        if let height = number(.pageHeight) { document.pageHeight = height }
        if flag(.pageNumbers) { document.pageNumbers = true }
        if let scale = number(.scale) { document.render.scale = scale }
        if let margin = number(.margin) { document.render.margin = margin }
        if let side = choice(.wrapSide, as: TextContainer.WrapSide.self) { document.wrapSide = side }
        if let background = text(.background) {
            document.render.background = background.lowercased() == "none" ? nil : try Color(css: background)
        } else if has(.theme) {
            document.render.background = theme.page
        }
        if has(.category) || flag(.boldText) { document.settings = dynamicTypeSettings }
        let storage = document.storage
        let everything = 0..<storage.length
        let text = textSettings
        if text != TextSettings() { try storage.modifyAttributes(in: everything) { text.applied(to: $0) } }
        // Columns need a length, as lines need a width: a vertical document that gives none takes a page's.
        if document.height == 0, document.pageHeight == nil, !everything.isEmpty,
            storage.attributes(at: 0).paragraphStyle?.writingMode.isVertical == true
        {
            document.height = Document.defaultColumnLength
        }
        let strokeWidth = number(.strokeWidth), obliqueness = number(.obliqueness), expansion = number(.expansion)
        let strokeColor = try self.text(.strokeColor).map { try Color(css: $0) }
        if strokeWidth != nil || strokeColor != nil || obliqueness != nil || expansion != nil {
            try storage.modifyAttributes(in: everything) {
                var changed = $0
                changed.strokeWidth = strokeWidth ?? changed.strokeWidth
                changed.strokeColor = strokeColor ?? changed.strokeColor
                changed.obliqueness = obliqueness ?? changed.obliqueness
                changed.expansion = expansion ?? changed.expansion
                return changed
            }
        }
        if flag(.letterpress) {
            try storage.modifyAttributes(in: everything) {
                var changed = $0; changed.textEffect = .letterpress; return changed
            }
        }
        for data in texts(.exclude) {
            document.exclusions.append(Exclusion(path: try BezierPath(svgPathData: data), fill: nil, label: nil))
        }
        // The options' own files, read as the request's access allows, each once.
        let pictures = DocumentFiles(access: access, limits: documentLimits)
        for spec in texts(.excludeImage) {
            let label = Self.label(SettingName.excludeImage.optionName, surface)
            let picture = try PictureAt(spec, label: label)
            do {
                let image = try pictures.image(picture.path)
                let size = DocumentFiles.size(of: image, named: picture.path, width: nil, height: nil)
                document.exclusions.append(
                    try Exclusion(
                        image: image,
                        frame: Rect(x: picture.x, y: picture.y, width: size.width, height: size.height),
                        threshold: number(.imageThreshold) ?? 0.5, margin: number(.imageMargin) ?? 6))
            } catch let error as GalleyError {
                throw InputError("\(label): \(error.description)")
            }
        }
    }
}

/// Text settings from the options or a measure row; nil leaves the input's own value.
public struct TextSettings: Equatable, Sendable {
    /// The language given for text that names none.
    public var language: String?
    /// The emphasis marks given for text that has none.
    public var emphasis: TextEmphasis?
    /// The line settings given, as a JSON object of their keys, values checked.
    private(set) var lineSettings: JSONValue = .object([])
    /// The line settings laid over a default paragraph style, once: what every measure row without a style of its
    /// own takes (nil when none is given).
    private var defaultStyle: ParagraphStyle?

    /// No settings.
    public init() {}

    init(language: String?, lineSettings: JSONValue) {
        self.language = language
        self.lineSettings = lineSettings
        defaultStyle = Self.laid(lineSettings, over: ParagraphStyle())
    }

    /// `attributes` with ``language`` where they name none, and the paragraph-style settings that are given.
    public func applied(to attributes: TextAttributes) -> TextAttributes {
        var changed = attributes
        if let language, changed.language == nil { changed.language = language }
        if let emphasis, changed.textEmphasis == nil { changed.textEmphasis = emphasis }
        guard let defaultStyle else { return changed }
        changed.paragraphStyle = changed.paragraphStyle.map { Self.laid(lineSettings, over: $0) ?? $0 } ?? defaultStyle
        return changed
    }

    /// `style` with `lineSettings` laid over it; nil when they are empty.
    private static func laid(_ lineSettings: JSONValue, over style: ParagraphStyle) -> ParagraphStyle? {
        guard case .object(let members) = lineSettings, !members.isEmpty else { return nil }
        var style = style
        // Checked when the options were decoded, by this same table: it cannot fail here.
        try? RequestSettings.readLines(JSONField(value: lineSettings, path: ""), into: &style)
        return style
    }
}
