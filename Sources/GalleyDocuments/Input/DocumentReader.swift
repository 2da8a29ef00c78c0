import Foundation
import Galley

/// Reads a JSON document: text runs with every attribute, the container (size, columns, line-fragment padding,
/// line limit),
/// exclusion paths, the Dynamic Type environment and render options. The format is the DocC article JSON documents.
public enum DocumentReader {
    /// The document in `text`, its runs laid over `defaults`; fixed fonts it names are found in `library`, the
    /// pictures and font files it names where `access` allows, within `limits`.
    ///
    /// - Throws: ``InputError`` naming the JSON path of the first bad value (a missing, refused or bad image or
    ///   font file among them), or the line and column of bad syntax.
    public static func read(
        _ text: String, defaults: TextAttributes, library: FontLibrary, access: FileAccess = FileAccess(),
        limits: DocumentLimits = DocumentLimits()
    ) throws -> Document {
        let files = DocumentFiles(access: access, limits: limits)
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch let error as JSONParser.SyntaxError {
            throw InputError(error.description)
        }
        let document = JSONField(value: root, path: "")
        try document.requireObject(allowing: DocumentKeys.document)
        var base = defaults
        if let field = document.member("defaults") {
            base = base.merging(try attributes(field, library: library, files: files))
        }
        let storage = TextStorage("", attributes: base)
        // One editing batch: the runs are fixed up once at the end, not once per run (which grows quadratically).
        storage.beginEditing()
        defer { storage.endEditing() }
        guard let content = document.member("content") else {
            throw InputError(path: "content", "missing; expected an array of text runs")
        }
        for run in try content.elements() {
            if case .string(let text) = run.value {
                storage.append(text, attributes: base)
                continue
            }
            try run.requireObject(allowing: DocumentKeys.run)
            var runAttributes =
                try run.member("attributes").map { base.merging(try attributes($0, library: library, files: files)) }
                ?? base
            if let attachmentField = run.member("attachment") {
                guard run.member("text") == nil else {
                    throw InputError(path: "\(run.path).text", "an attachment item has no text")
                }
                runAttributes.attachment = try attachment(attachmentField, files: files)
                storage.append(String(TextAttachment.character), attributes: runAttributes)
                continue
            }
            guard let textField = run.member("text") else {
                throw InputError(path: "\(run.path).text", "missing (or give \"attachment\")")
            }
            let text = try textField.string()
            if let ruby = runAttributes.ruby {
                do { try ruby.validate(base: text) } catch {
                    throw InputError(path: "\(run.path).attributes.ruby", "\(error)")
                }
            }
            storage.append(text, attributes: runAttributes)
        }
        // The paragraphs' setting, given once for the whole document (its former name included).
        if let metrics = try RequestSettings.line("lineHeightMetrics").member(of: document)?.choice(
            ParagraphStyle.LineHeightMetrics.self),
            storage.length > 0
        {
            // The whole document's line heights: every paragraph's style, as `--line-height-metrics` sets them.
            try storage.modifyAttributes(in: 0..<storage.length) { attributes in
                var changed = attributes
                var style = changed.paragraphStyle ?? ParagraphStyle()
                style.lineHeightMetrics = metrics
                changed.paragraphStyle = style
                return changed
            }
        }
        var result = Document(storage: storage)
        if let container = document.member("container") {
            try readContainer(container, into: &result, files: files)
        }
        if let environment = document.member("environment") {
            try environment.requireObject(allowing: DocumentKeys.environment)
            if let category = environment.member("category") {
                result.settings.category = try category.choice(ContentSizeCategory.self)
            }
            if let bold = environment.member("boldText") { result.settings.boldText = try bold.bool() }
        }
        if let render = document.member("render") {
            try render.requireObject(allowing: DocumentKeys.render)
            if let scale = render.member("scale") { result.render.scale = try scale.number(in: range(.scale)) }
            if let margin = try render.member("margin", formerly: "padding") {
                result.render.margin = try margin.number(in: range(.margin))
            }
            if let background = document.value["render"]?["background"] {
                result.render.background =
                    background == .null ? nil : try JSONField(value: background, path: "render.background").color()
            }
        }
        return result
    }

    /// `{"image": "photo.png", "width": 120, "height": 80, "baselineOffset": -4, "alt": "…"}`; without an image, a
    /// box of the given size.
    private static func attachment(_ field: JSONField, files: DocumentFiles) throws -> TextAttachment {
        try field.requireObject(allowing: DocumentKeys.attachment)
        let limit = TextAttachment.sizeLimit
        let path = try field.member("image")?.string()
        let width = try field.member("width")?.number(in: 0...limit)
        let height = try field.member("height")?.number(in: 0...limit)
        guard path != nil || width != nil || height != nil else {
            throw field.fail("needs \"image\" or a \"width\" and \"height\"")
        }
        do {
            return try files.attachment(
                path: path, width: width, height: height,
                baselineOffset: try field.member("baselineOffset")?.number(in: -limit...limit) ?? 0,
                label: try field.member("alt")?.string())
        } catch let error as GalleyError where error is ImageError || error is FileRefused {
            throw InputError(path: "\(field.path).image", error.description)
        } catch let error as AttachmentError {
            throw field.fail(error.description)
        }
    }

    private static func readContainer(_ field: JSONField, into document: inout Document, files: DocumentFiles) throws {
        try field.requireObject(allowing: DocumentKeys.container)
        if let width = field.member("width") { document.width = try width.number(in: Document.widthRange) }
        if let height = field.member("height") { document.height = try height.number(in: Document.heightRange) }
        if let height = field.member("pageHeight") {
            document.pageHeight = try height.number(in: Document.pageHeightRange)
        }
        if let numbers = field.member("pageNumbers") { document.pageNumbers = try numbers.bool() }
        if let columns = field.member("columns") { document.columns = try columns.integer(in: 1...20) }
        if let gap = field.member("columnGap") { document.columnGap = try gap.number(in: 0...10_000) }
        if let padding = try field.member("lineFragmentPadding", formerly: "padding") {
            document.lineFragmentPadding = try padding.number(in: 0...1_000)
        }
        if let side = field.member("wrapSide") { document.wrapSide = try side.choice(TextContainer.WrapSide.self) }
        if let minimum = field.member("minimumSegmentWidth") {
            document.minimumSegmentWidth = try minimum.number(in: 0...Document.widthRange.upperBound)
        }
        if let lines = try field.member("maximumNumberOfLines", formerly: "maxLines") {
            document.maximumLines = try lines.integer(in: 0...1_000_000)
        }
        if let mode = field.member("lineBreakMode") {
            document.lineBreakMode = try mode.choice(ParagraphStyle.LineBreakMode.self)
        }
        for exclusion in try field.member("exclusions")?.elements() ?? [] {
            if case .string = exclusion.value {
                document.exclusions.append(Exclusion(path: try path(exclusion, rule: .nonZero), fill: nil, label: nil))
                continue
            }
            if exclusion.member("image") != nil {
                document.exclusions.append(try imageExclusion(exclusion, files: files))
                continue
            }
            try exclusion.requireObject(allowing: DocumentKeys.exclusion)
            let rule = try exclusion.member("fillRule")?.choice(BezierPath.FillRule.self) ?? .nonZero
            guard let pathField = exclusion.member("path") else {
                throw InputError(path: "\(exclusion.path).path", "missing SVG path data")
            }
            var label: TextStorage?
            if let text = exclusion.member("label") {
                var centered = ParagraphStyle()
                centered.alignment = .center
                label = TextStorage(
                    try text.string(),
                    attributes: TextAttributes(
                        font: .styled(.subheadline, weight: 700), foregroundColor: .white, paragraphStyle: centered))
            }
            document.exclusions.append(
                Exclusion(
                    path: try path(pathField, rule: rule), fill: try exclusion.member("fill")?.color(), label: label))
        }
    }

    /// `{"image": "cat.png", "x": 200, "y": 40, "width": 120, "threshold": 0.5, "margin": 6, "draw": true}`: a picture
    /// drawn at (x, y), text flowing around its opaque pixels.
    private static func imageExclusion(_ field: JSONField, files: DocumentFiles) throws -> Exclusion {
        try field.requireObject(allowing: DocumentKeys.pictureExclusion)
        let limit = BezierPath.coordinateLimit
        let imageField = field.member("image")!
        let image: Canvas
        do {
            image = try files.image(try imageField.string())
        } catch let error as GalleyError where error is ImageError || error is FileRefused {
            throw imageField.fail(error.description)
        }
        let size = DocumentFiles.size(
            of: image, named: try imageField.string(), width: try field.member("width")?.number(in: 0.01...limit),
            height: try field.member("height")?.number(in: 0.01...limit))
        let frame = Rect(
            x: try field.member("x")?.number(in: -limit...limit) ?? 0,
            y: try field.member("y")?.number(in: -limit...limit) ?? 0, width: size.width, height: size.height)
        return try Exclusion(
            image: image, frame: frame,
            threshold: try field.member("threshold")?.number(in: range(.imageThreshold)) ?? 0.5,
            margin: try field.member("margin")?.number(in: range(.imageMargin)) ?? 0,
            draws: try field.member("draw")?.bool() ?? true)
    }

    private static func path(_ field: JSONField, rule: BezierPath.FillRule) throws -> BezierPath {
        do {
            return try BezierPath(svgPathData: try field.string(), fillRule: rule)
        } catch let error as PathError {
            throw field.fail(error.description)
        }
    }

    /// The keys of an attributes object: the names of ``TextAttributes/fields`` documents carry, each followed by
    /// its former name, still read.
    static let attributeKeys = TextAttributes.fields.flatMap { field -> [String] in
        if case .absent = field.documentForm { return [] }
        return [field.name] + (field.formerName.map { [$0] } ?? [])
    }

    /// Ruby over a run's text: a string (one annotation over it all), an array of strings (one per character), or
    /// an object of its `text` (either) and `position` (`over`, `under`).
    static func ruby(_ field: JSONField) throws -> RubyAnnotation {
        func texts(_ field: JSONField) throws -> [String] {
            if case .string(let text) = field.value { return [text] }
            let texts = try field.elements().map { try $0.string() }
            guard !texts.isEmpty else { throw field.fail("expected a string or an array of strings") }
            return texts
        }
        if case .object = field.value {
            try field.requireObject(allowing: DocumentKeys.ruby)
            guard let text = field.member("text") else { throw InputError(path: "\(field.path).text", "missing") }
            return RubyAnnotation(
                perCharacter: try texts(text),
                position: try field.member("position")?.choice(RubyAnnotation.Position.self) ?? .over)
        }
        return RubyAnnotation(perCharacter: try texts(field))
    }

    /// Emphasis marks: a CSS `text-emphasis-style` string, or an object of its `style`, `position` (CSS
    /// `text-emphasis-position`: `auto`, `over` or `under`, with `right` or `left` for columns) and `color`; nil for
    /// `"none"`.
    static func emphasis(_ field: JSONField) throws -> TextEmphasis? {
        func style(
            _ text: String, position: TextEmphasis.Position, columnSide: TextEmphasis.ColumnSide = .right, color: Color?
        ) throws -> TextEmphasis? {
            do { return try TextEmphasis(css: text, position: position, columnSide: columnSide, color: color) } catch {
                throw field.fail("\(error)")
            }
        }
        if case .string(let text) = field.value { return try style(text, position: .automatic, color: nil) }
        try field.requireObject(allowing: DocumentKeys.emphasis)
        var placement = (TextEmphasis.Position.automatic, TextEmphasis.ColumnSide.right)
        if let position = field.member("position") {
            do { placement = try TextEmphasis.placement(css: try position.string()) } catch {
                throw position.fail("\(error)")
            }
        }
        return try style(
            try field.member("style")?.string() ?? "filled", position: placement.0, columnSide: placement.1,
            color: try field.member("color")?.color())
    }

    /// An attributes object: each of ``TextAttributes/fields`` read in the form the table gives it.
    static func attributes(_ field: JSONField, library: FontLibrary, files: DocumentFiles) throws -> TextAttributes {
        try field.requireObject(allowing: attributeKeys)
        var result = TextAttributes()
        for attribute in TextAttributes.fields {
            let member =
                try attribute.formerName.map { try field.member(attribute.name, formerly: $0) }
                ?? field.member(attribute.name)
            guard let member else { continue }
            try read(member, as: attribute.documentForm, into: &result, library: library, files: files)
        }
        return result
    }

    /// Sets the attribute `value` gives in `form` in `attributes`.
    private static func read(
        _ value: JSONField, as form: TextAttributeField.DocumentForm, into attributes: inout TextAttributes,
        library: FontLibrary, files: DocumentFiles
    ) throws {
        switch form {
        case .number(let path, let range): attributes[keyPath: path] = try value.number(in: range)
        case .integer(let path, let range): attributes[keyPath: path] = try value.integer(in: range)
        case .color(let path): attributes[keyPath: path] = try value.color()
        case .languageTag(let path): attributes[keyPath: path] = try value.languageTag()
        case .decoration(let path): attributes[keyPath: path] = try decoration(value)
        case .font: attributes.font = try fontSpecifier(value, library: library, files: files)
        case .ligatures:
            let names = ["none": Ligatures.none, "standard": .standard, "all": .all]
            guard let found = names[try value.string()] else {
                throw value.fail("expected \"none\", \"standard\" or \"all\"")
            }
            attributes.ligatures = found
        case .fontFeatures: attributes.fontFeatures = try value.elements().map(feature)
        case .shadow:
            try value.requireObject(allowing: DocumentKeys.shadow)
            attributes.shadow = Shadow(
                offsetX: try value.member("offsetX")?.number(in: -1_000...1_000) ?? 0,
                offsetY: try value.member("offsetY")?.number(in: -1_000...1_000) ?? 1,
                blurRadius: try value.member("blurRadius", formerly: "blur")?.number(in: 0...200) ?? 2,
                color: try value.member("color")?.color() ?? Color.black.withAlpha(0.33))
        case .textEffect: attributes.textEffect = try value.choice(TextEffect.self)
        case .link:
            guard let url = URL(string: try value.string()) else { throw value.fail("expected a URL") }
            attributes.link = url
        case .paragraphStyle: attributes.paragraphStyle = try paragraphStyle(value)
        case .textEmphasis: attributes.textEmphasis = try emphasis(value)
        case .ruby: attributes.ruby = try ruby(value)
        case .absent: break
        }
    }

    /// A style name as a string, or a ``FontRequest`` as an object: `{"style": "headline", "family": "Inter",
    /// "weight": 600, "italic": true}`, `{"family": "Inter", "size": 17}`, `{"file": "fonts/face.ttf", "size": 12}`.
    /// A fixed font's weight is the style's at the default Dynamic Type settings: it does not follow the
    /// document's environment.
    private static func fontSpecifier(_ field: JSONField, library: FontLibrary, files: DocumentFiles) throws
        -> FontSpecifier
    {
        if case .string = field.value { return .textStyle(try field.choice(TextStyle.self)) }
        try field.requireObject(allowing: DocumentKeys.font)
        let request = try FontRequest.read(field, access: files.access)
        do {
            return try (request ?? FontRequest()).specifier(library: library, settings: DynamicTypeSettings())
        } catch let error as FontError {
            throw field.fail(error.description)
        }
    }

    private static func feature(_ field: JSONField) throws -> FontFeature {
        let text = try field.string()
        guard let feature = FontFeature(parsing: text) else {
            throw field.fail("\"\(text)\" is not a feature (like \"tnum\", \"-kern\" or \"ss01=1\")")
        }
        return feature
    }

    /// `true`, a style name, or `{"style": "double", "pattern": "dash", "byWord": true, "color": "#RRGGBB",
    /// "skipInk": "auto"}`.
    private static func decoration(_ field: JSONField) throws -> TextDecoration {
        switch field.value {
        case .bool(true): return TextDecoration()
        case .string: return TextDecoration(try field.choice(TextDecoration.Style.self))
        default:
            try field.requireObject(allowing: DocumentKeys.decoration)
            return TextDecoration(
                try field.member("style")?.choice(TextDecoration.Style.self) ?? .single,
                pattern: try field.member("pattern")?.choice(TextDecoration.Pattern.self) ?? .solid,
                byWord: try field.member("byWord")?.bool() ?? false, color: try field.member("color")?.color(),
                skipInk: try field.member("skipInk")?.choice(TextDecoration.SkipInk.self) ?? .auto)
        }
    }

    /// The paragraph's lengths in points, by key.
    static var paragraphLengths: [(String, WritableKeyPath<ParagraphStyle, Double>)] {
        [
            ("firstLineHeadIndent", \.firstLineHeadIndent), ("headIndent", \.headIndent), ("tailIndent", \.tailIndent),
            ("lineSpacing", \.lineSpacing), ("lineHeightMultiple", \.lineHeightMultiple),
            ("minimumLineHeight", \.minimumLineHeight), ("maximumLineHeight", \.maximumLineHeight),
            ("paragraphSpacing", \.paragraphSpacing), ("paragraphSpacingBefore", \.paragraphSpacingBefore),
        ]
    }

    private static func paragraphStyle(_ field: JSONField) throws -> ParagraphStyle {
        let lengths = paragraphLengths
        try field.requireObject(allowing: DocumentKeys.paragraph + RequestSettings.acceptedLineKeys + lengths.map(\.0))
        var style = ParagraphStyle()
        if let value = field.member("lineBreakMode") {
            style.lineBreakMode = try value.choice(ParagraphStyle.LineBreakMode.self)
        }
        for (key, keyPath) in lengths {
            if let value = field.member(key) { style[keyPath: keyPath] = try value.number(in: -10_000...10_000) }
        }
        if let value = field.member("tabStops") {
            try style.setTabStops(
                value.elements().map { stop in
                    try stop.requireObject(allowing: DocumentKeys.tabStop)
                    guard let location = stop.member("location") else { throw stop.fail("needs \"location\"") }
                    return TextTab(
                        try stop.member("alignment")?.choice(TextTab.Alignment.self) ?? .left,
                        location: try location.number(in: 0...ParagraphStyle.tabLocationLimit))
                })
        }
        if let value = field.member("defaultTabInterval") {
            style.defaultTabInterval = try value.number(in: 0...ParagraphStyle.tabLocationLimit)
        }
        try RequestSettings.readLines(field, into: &style)
        if let value = try field.member("textLists", formerly: "lists") {
            let limit = ParagraphStyle.listNestingLimit
            let lists = try value.elements()
            guard lists.count <= limit else {
                throw value.fail("\(lists.count) nested lists; the limit is \(limit)")
            }
            style.textLists = try lists.map { list in
                if case .string = list.value {
                    return TextList(markerFormat: try list.choice(TextList.MarkerFormat.self))
                }
                try list.requireObject(allowing: DocumentKeys.list)
                guard let format = list.member("format") else { throw list.fail("needs \"format\"") }
                return TextList(
                    markerFormat: try format.choice(TextList.MarkerFormat.self),
                    startingItemNumber: try list.member("start")?.integer(in: 0...1_000_000) ?? 1)
            }
        }
        if let value = field.member("listIndent") {
            style.listIndent = try value.number(in: 0...ParagraphStyle.tabLocationLimit)
        }
        return style
    }

    /// The range of request setting `name`: a document's key and the option of the same setting take one range.
    private static func range(_ name: SettingName) -> ClosedRange<Double> { name.setting.range! }
}
