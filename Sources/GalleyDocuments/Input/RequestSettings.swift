import Galley

/// The one table of request settings: the command line's options, the service's query parameters, `measure` rows'
/// keys and the generated option docs are all read from it, so a setting, its range and its default are written
/// once.
public enum RequestSettings {
    /// Every setting, in the order help and docs list them.
    public static let all: [RequestSetting] = documentSettings + fontSettings + textSettings + measureSettings

    /// The settings by name.
    static let byName: [SettingName: RequestSetting] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The settings an option name or a former one names, in table order: looked up once per item a request gives,
    /// where spelling every option's name again cost a call of a few items a third of a millisecond.
    package static let bySpelling: [String: [RequestSetting]] = {
        var table: [String: [RequestSetting]] = [:]
        for setting in all {
            for spelling in [setting.name.optionName] + setting.formerNames {
                table[spelling, default: []].append(setting)
            }
        }
        return table
    }()

    /// The settings accepted on `surface` for `work`.
    public static func accepted(on surface: RequestSetting.Surfaces, for work: RequestSetting.Work)
        -> [RequestSetting]
    {
        all.filter { $0.surfaces.contains(surface) && !$0.work.isDisjoint(with: work) }
    }

    private static func setting(
        _ name: SettingName, _ values: RequestSetting.Values, default defaultValue: String? = nil,
        on surfaces: RequestSetting.Surfaces = [.commandLine, .query], for work: RequestSetting.Work,
        repeatable: Bool = false, formerly formerNames: [String] = [], _ help: String
    ) -> RequestSetting {
        RequestSetting(
            name: name, values: values, defaultValue: defaultValue, help: help, surfaces: surfaces, work: work,
            repeatable: repeatable, formerNames: formerNames)
    }

    private static let documentSettings = [
        setting(
            .width, .number(Document.widthRange), default: "360, or the document's; 320 for measure rows",
            on: [.commandLine, .query, .measureRow], for: .text, "The text container's width in points."),
        setting(
            .height, .number(Document.heightRange), default: "as tall as the text", for: .document,
            "The container's height in points."),
        setting(
            .pageHeight, .number(Document.pageHeightRange), default: "one page as tall as the text", for: .document,
            "Split a PDF into pages this many points tall, margins included (PDF output only)."),
        setting(
            .pageNumbers, .flag, for: .document,
            "Number a paged PDF's pages at the foot of each, centred in the bottom margin (with --page-height)."),
        setting(.scale, .number(0.1...8), default: "2", for: .document, "Pixels per point."),
        setting(
            .format, .choice(ImageFormat.allCases.map(\.rawValue)), default: "the output's extension, else png",
            for: .document,
            "The image's format: png, webp (lossless unless --quality is given), jpeg (quality 90 unless --quality "
                + "is given), pdf or svg."),
        setting(
            .quality, .number(WebPWriter.qualityRange), default: "lossless WebP, JPEG at 90", for: .document,
            "Write lossy WebP at this quality (0 to 100, libwebp's scale) instead of lossless, or JPEG at it (1 to "
                + "100)."),
        setting(
            .compression, .choice(ImageCompression.allCases.map(\.rawValue)), default: "fast", for: .document,
            "How a PNG or lossless WebP is compressed: fast (PNG: Intel's ISA-L for colour images, zlib at level 4 "
                + "for grey and palette ones; WebP: libwebp's effort 25) or small (PNG: zlib at level 9, a fifth "
                + "smaller in colour, tens of times slower; WebP: effort 100, about a third the bytes for three "
                + "times the time)."),
        setting(
            .margin, .number(0...10_000), default: "16", for: .document, formerly: ["padding"],
            "Empty margin around the container in the image, in points."),
        setting(
            .theme, .choice(NoteTheme.Name.allCases.map(\.rawValue)), default: "light", for: .document,
            "The colours of a note's roles (text, page, links, quotes, code, table rules): light, dark or sepia; "
                + "--color and --background then change only the text and the page."),
        setting(
            .codeLigatures, .flag, for: .document,
            "Let a note's code form its monospaced font's programming ligatures (-> as an arrow); off by default, as "
                + "GitHub sets code, and on for a note whose front matter says code-ligatures: on."),
        setting(
            .color, .text(.color), default: "the document's", for: .document,
            "The text colour as #RRGGBB, #RRGGBBAA or a CSS colour name (red, rebeccapurple)."),
        setting(
            .background, .text(.colorOrNone), default: "white", for: .document,
            "The background colour as #RRGGBB, #RRGGBBAA or a CSS colour name, or 'none' for transparent."),
        setting(.letterpress, .flag, for: .document, "Draw all text with the letterpress effect."),
        setting(
            .strokeWidth, .number(TextAttributes.strokeWidthRange), for: .document,
            "Outline the glyphs: stroke width in percent of the font size (negative: fill and stroke, as TextKit)."),
        setting(
            .strokeColor, .text(.color), default: "the text colour", for: .document,
            "The outline's colour as #RRGGBB, #RRGGBBAA or a CSS colour name."),
        setting(
            .obliqueness, .number(TextAttributes.obliquenessRange), for: .document,
            "Slant the glyphs: x shift per unit of height (TextKit's obliqueness)."),
        setting(
            .expansion, .number(TextAttributes.expansionRange), for: .document,
            "Widen (positive) or narrow the glyphs: log of the scale (TextKit's expansion)."),
        setting(
            .exclude, .text(.pathData), for: .document, repeatable: true,
            "An exclusion path as SVG path data in points, container coordinates; repeatable."),
        setting(
            .excludeImage, .text(.pictureAt), for: .document, repeatable: true,
            "A picture text flows around, as FILE@X,Y (its top-left in points), drawn at one point per pixel "
                + "(two for a name@2x.png, up to @8x); text keeps out of its pixels with alpha over the image threshold, grown by the image margin; "
                + "repeatable."),
        setting(
            .imageThreshold, .number(0...1), default: "0.5", for: .document,
            "The alpha over which a picture's pixels keep text out."),
        setting(
            .imageMargin, .number(0...ExclusionError.marginLimit), default: "6", for: .document,
            "Points kept free around a picture's outline."),
        setting(
            .wrapSide, .choice(TextContainer.WrapSide.allCases.map(\.rawValue)),
            default: "largest for notes, both for documents and plain text", for: .document,
            "Which sides of exclusions take text: both (TextKit's), largest (the wider side of each line, so every "
                + "line reads on one side), start or end."),
        setting(
            .allowDir, .text(.folder), on: .commandLine, for: .text, repeatable: true,
            "A folder whose files (and subfolders') the input may read besides its own folder, after symbolic links "
                + "are resolved; repeatable. The service's folders are fixed when it starts."),
    ]

    private static let fontSettings = [
        setting(
            .font, .text(.fontFamilyOrFile), on: [.commandLine, .query, .measureRow], for: .all,
            "A font family name (bundled or system) or a font file's path."),
        setting(
            .size, .number(Font.sizeLimit), default: "the text style's size, 17 for body",
            on: [.commandLine, .query, .measureRow], for: .all,
            "The font size in points. Without it the text style sets the size and, under exact line-height metrics, "
                + "its Dynamic Type leading (22 for body); under web metrics the lines are the same either way."),
        setting(
            .weight, .number(1...1_000), default: "the text style's", on: [.commandLine, .query, .measureRow],
            for: .all, "The font weight: 400 regular, 600 semibold, 700 bold."),
        setting(
            .italic, .flag, on: [.commandLine, .query, .measureRow], for: .all, "Use the family's italic face."),
        setting(
            .style, .choice(TextStyle.allCases.map(\.rawValue)), default: "body",
            on: [.commandLine, .query, .measureRow], for: .all, "A Dynamic Type text style."),
        setting(
            .category, .choice(ContentSizeCategory.allCases.map(\.rawValue)), default: "large",
            on: [.commandLine, .query, .measureRow], for: .all, "The content size category."),
        setting(
            .boldText, .flag, on: [.commandLine, .query, .measureRow], for: .all,
            "Apply the Bold Text accessibility setting."),
        setting(
            .noSystemFonts, .flag, for: .all,
            "Use only the fonts compiled into Galley, for the same output on every machine."),
    ]

    private static let textSettings =
        [
            setting(
                .language, .text(.language), default: "inferred from the text",
                on: [.commandLine, .query, .measureRow], for: .all, formerly: ["language"],
                "The text's BCP 47 language (en-US, zh-Hans…) where the input names none. It picks line-breaking "
                    + "rules, glyph forms (locl), fallback fonts and hyphenation; 'auto' (command line only) takes "
                    + "the process's locale."),
            setting(
                .textEmphasis, .text(.emphasisStyle), default: "none", on: [.commandLine, .query, .measureRow],
                for: .text,
                "Emphasis marks on every character that takes one (not spaces or punctuation), as CSS "
                    + "text-emphasis-style: filled or open with dot, circle, double-circle, triangle or sesame, or "
                    + "one character in quotes; the line grows to hold them as Chromium's does."),
            setting(
                .textEmphasisPosition, .text(.emphasisPosition), default: "auto",
                on: [.commandLine, .query, .measureRow], for: .text,
                "Where emphasis marks sit, as CSS text-emphasis-position: over or under the line, or auto (under "
                    + "Chinese, over other languages); right or left of a column after it ('under left'; right "
                    + "unless named)."),
        ]
        + lineSettings

    /// The settings of how lines are aligned, broken and spaced: each a `ParagraphStyle` property, named
    /// as the property in JSON documents' `"paragraphStyle"` objects and `measure` rows, in kebab case as an option.
    private static let lineSettings: [RequestSetting] = [
        .alignment(
            help:
                "Every paragraph's alignment: natural, left, right, center or justified (default: the input's; "
                + "headings are not justified).",
            formerly: ["align"]),
        .number(
            .hyphenationFactor, 0...1, formerly: ["hyphenate"],
            help: "Hyphenate words automatically, 0…1 (TextKit's hyphenationFactor: 1 whenever a word does not fit).",
            \.hyphenationFactor),
        .choice(
            .punctuationTrim,
            help:
                "Full-width punctuation compression: normal (CSS text-spacing-trim, as Chromium; the default) or none.",
            \.punctuationTrim),
        .choice(
            .punctuationFont,
            help:
                "The font of “ ” ‘ ’ … — · beside Chinese or Japanese: automatic (cjk; css with web line-height metrics), cjk "
                + "(the CJK font's full-width forms, as CLREQ sets them) or css (the run's font when it has the mark, as "
                + "Chromium; measure rows' default).",
            \.punctuationFont),
        .bool(
            .autospace,
            help:
                "Put 1/8 em between ideographs and Latin letters or digits (CSS text-autospace; notes default to on).",
            \.autospace),
        .choice(
            .wordBreak, help: "Where words may break: normal (default), breakAll or keepAll (CSS word-break).",
            \.wordBreak),
        .choice(
            .overflowWrap,
            help: "A word wider than the line: breakWord (cut it, the default), anywhere, or normal (let it overflow).",
            \.overflowWrap),
        .choice(
            .lineBreakRules, formerly: ["break-rules"],
            help: "Line-break rules: css (as Chromium, the default) or unicode (ICU's UAX #14 alone).", \.lineBreakRules
        ),
        .choice(
            .lineBreakStrictness,
            help: "How strictly CJK line-breaking rules apply (CSS line-break): loose, normal (Chromium's auto, the "
                + "default), strict (JLREQ's: no line starts with ー or a small kana) or anywhere (a break between any "
                + "two characters, CSS line-break: anywhere).",
            \.lineBreakStrictness),
        .choice(
            .lineHeightMetrics, formerly: ["metrics"], formerKeys: ["metrics"],
            help: "Line heights from exact font metrics (exact, the default) or rounded as Chromium rounds them (web).",
            \.lineHeightMetrics),
        .choice(
            .baseWritingDirection, formerKeys: ["direction"],
            help: "The paragraphs' direction: natural (from each one's first strong character; the default), "
                + "leftToRight or rightToLeft.",
            \.baseWritingDirection),
        .choice(
            .textWrap,
            help: "How a paragraph's lines are chosen: auto (greedy; JSON and measure's default), balance, pretty "
                + "(notes' default; both as Chromium applies them) or optimal (the whole paragraph at once, Knuth–Plass).",
            \.textWrap),
        .choice(
            .hangingPunctuation,
            help: "Which marks hang past the line's edges, uncounted when lines are fitted, aligned and justified "
                + "(CSS hanging-punctuation): none (the default; notes hang stops and commas of justified Chinese "
                + "and Japanese with allowEnd), or any of first (an opening quote or bracket starting the paragraph), "
                + "allowEnd (a stop or comma ending a line that would not fit otherwise) or forceEnd (always), and "
                + "last (a closing quote or bracket ending the paragraph), separated by spaces.",
            \.hangingPunctuation),
        .integer(
            .maximumConsecutiveHyphenatedLines, 0...1_000, formerly: ["max-hyphenated-lines"],
            help: "The most lines in a row that end at an automatic hyphen (default 2; 0: no limit).",
            \.maximumConsecutiveHyphenatedLines),
        .choice(
            .writingMode,
            help: "Lines across (horizontal-tb, the default) or in columns read top to bottom, following one another "
                + "right to left (vertical-rl, as Chinese and Japanese are set vertically) or left to right "
                + "(vertical-lr); in vertical modes the width is the columns' length (CSS writing-mode).",
            \.writingMode),
        .choice(
            .textOrientation,
            help: "How characters stand in vertical lines: mixed (CJK upright, Latin and digits turned, as Unicode's "
                + "Vertical_Orientation says; the default), upright (all) or sideways (all turned; CSS "
                + "text-orientation).",
            \.textOrientation),
        .choice(
            .textCombineUpright,
            help: "What vertical lines set side by side in one upright em (tate-chu-yoko, CSS text-combine-upright): "
                + "none (the default), all (every run that would turn) or digits N (runs of up to N ASCII digits, N "
                + "from 2 to 4).",
            \.textCombineUpright),
    ]

    private static let measureSettings = [
        setting(
            .widths, .text(.numberList), for: .measure,
            "Measure every row at each of these widths in points (320,375,414), shaping it once; each output line "
                + "then holds \"widths\": one result per width, in order."),
        setting(
            .rubyMarkup, .flag, on: [.commandLine, .query, .measureRow], for: .measure,
            "Read {東京|とうきょう} (one annotation over the base) and {漢字|かん|じ} (one per character) in rows' text "
                + "as ruby, as notes do (\\{ is a literal brace); line starts then count the text without the markup."),
        setting(
            .rubyPosition, .choice(RubyAnnotation.Position.allCases.map(\.rawValue)), default: "over",
            on: [.commandLine, .query, .measureRow], for: .measure,
            "Where the ruby read from rows' markup sits: over or under the base, or inter-character (zhuyin beside "
                + "each character)."),
    ]

    /// The most widths one row may be measured at.
    public static let widthCountLimit = 64
}

extension RequestSettings {
    /// The line settings (``RequestSetting/paragraphStyle`` set), in table order.
    package static let lines = all.filter { $0.paragraphStyle != nil }

    /// The line setting named `key`; a key not among ``lines`` is a programming error.
    package static func line(_ key: String) -> RequestSetting {
        guard let setting = lines.first(where: { $0.key == key }) else { preconditionFailure("no line setting \(key)") }
        return setting
    }

    /// The keys of ``lines``, made once: `measure` asks them of every row.
    package static let lineKeys = lines.map(\.key)

    /// The keys of ``lines`` and their former names: every key an object may use for a line setting.
    package static let acceptedLineKeys = lines.flatMap { [$0.key] + ($0.paragraphStyle?.formerKeys ?? []) }

    /// ``acceptedLineKeys`` as a set, for looking a `measure` row's members up.
    package static let acceptedLineKeySet = Set(acceptedLineKeys)

    /// Sets `style` from those line settings `field` (a JSON object) has, leaving the rest as they are.
    ///
    /// - Throws: ``InputError`` naming the key for a value of the wrong type or outside its range.
    package static func readLines(_ field: JSONField, into style: inout ParagraphStyle) throws {
        for setting in lines {
            if let value = try setting.member(of: field) { try setting.paragraphStyle!.apply(value, &style) }
        }
    }
}

/// Makers of the line settings' table entries: a number in a range, an integer in a range, a Boolean, or an
/// enumeration's raw value, each set on a paragraph style through its key path.
extension RequestSetting {
    private static func line(
        _ name: SettingName, _ values: Values, formerly: [String], formerKeys: [String] = [], help: String,
        _ apply: @escaping @Sendable (JSONField, inout ParagraphStyle) throws -> Void
    ) -> RequestSetting {
        var setting = RequestSetting(
            name: name, values: values, defaultValue: nil, help: help,
            surfaces: [.commandLine, .query, .measureRow], work: .text, repeatable: false, formerNames: formerly)
        setting.paragraphStyle = ParagraphStyleSetter(formerKeys: formerKeys, apply: apply)
        return setting
    }

    static func number(
        _ name: SettingName, _ range: ClosedRange<Double>, formerly: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, Double> & Sendable
    ) -> RequestSetting {
        line(name, .number(range), formerly: formerly, help: help) { $1[keyPath: keyPath] = try $0.number(in: range) }
    }

    static func integer(
        _ name: SettingName, _ range: ClosedRange<Int>, formerly: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, Int> & Sendable
    ) -> RequestSetting {
        line(name, .integer(range), formerly: formerly, help: help) { $1[keyPath: keyPath] = try $0.integer(in: range) }
    }

    static func bool(_ name: SettingName, help: String, _ keyPath: WritableKeyPath<ParagraphStyle, Bool> & Sendable)
        -> RequestSetting
    {
        line(name, .flag, formerly: [], help: help) { $1[keyPath: keyPath] = try $0.bool() }
    }

    /// The alignment setting: a heading (``ParagraphStyle/headerLevel``) keeps its own alignment where every
    /// paragraph is justified, as a designer sets a justified page's headings (a short title justified reads
    /// `A   Walk   Through`).
    static func alignment(help: String, formerly: [String]) -> RequestSetting {
        line(.alignment, .choice(ParagraphStyle.Alignment.allCases.map(\.rawValue)), formerly: formerly, help: help) {
            let alignment = try $0.choice(ParagraphStyle.Alignment.self)
            if alignment != .justified || $1.headerLevel == 0 { $1.alignment = alignment }
        }
    }

    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: SettingName, formerly: [String] = [], formerKeys: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, T> & Sendable
    ) -> RequestSetting where T.RawValue == String {
        line(name, .choice(T.allCases.map(\.rawValue)), formerly: formerly, formerKeys: formerKeys, help: help) {
            $1[keyPath: keyPath] = try $0.choice(T.self)
        }
    }
}
