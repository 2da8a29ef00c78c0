import Galley

/// The colours a note is set in, by role: the page, the text, muted text (quotes, footnotes, done tasks), links,
/// code's tint (also a table header's) and table rules, and whether the title is pressed into the page (letterpress
/// reads on light pages only). Every text colour has a contrast of at least 4.5:1 (WCAG AA) with the page and with
/// the code tint over it.
///
/// `--color` and `--background` change only the text and the page of a theme; every other role keeps its colour.
public struct NoteTheme: Sendable, Equatable {
    /// The themes by name (`--theme`).
    public enum Name: String, CaseIterable, Sendable {
        /// ``NoteTheme/light``.
        case light
        /// ``NoteTheme/dark``.
        case dark
        /// ``NoteTheme/sepia``.
        case sepia
    }

    /// The page.
    public var page: Color
    /// The body text.
    public var text: Color
    /// Quotes, footnotes, done task items, the fifth and sixth heading levels, and thematic breaks.
    public var muted: Color
    /// Links (also underlined).
    public var link: Color
    /// The tint behind code, inline and in blocks, and behind a table's header row.
    public var codeTint: Color
    /// Table rules.
    public var rule: Color
    /// Whether the title is drawn with the letterpress effect.
    public var pressesTitle: Bool

    /// Dark text on warm paper (the default).
    public static let light = NoteTheme(
        page: Color(red: 0.98, green: 0.973, blue: 0.953), text: Color(red: 0.165, green: 0.165, blue: 0.18),
        muted: Color(red: 0.38, green: 0.38, blue: 0.41), link: Color(red: 0.09, green: 0.4, blue: 0.78),
        codeTint: Color(red: 0.5, green: 0.5, blue: 0.55, alpha: 0.14), rule: Color(red: 0.82, green: 0.84, blue: 0.87),
        pressesTitle: true)
    /// Light text on a near-black page, as iOS's dark appearance sets it (system background #1C1C1E, label
    /// #F2F2F7); no letterpress, which blurs light strokes on a dark page.
    public static let dark = NoteTheme(
        page: Color(red: 0.11, green: 0.11, blue: 0.118), text: Color(red: 0.949, green: 0.949, blue: 0.969),
        muted: Color(red: 0.65, green: 0.65, blue: 0.68), link: Color(red: 0.39, green: 0.66, blue: 1),
        codeTint: Color(red: 0.6, green: 0.6, blue: 0.66, alpha: 0.2), rule: Color(red: 0.3, green: 0.3, blue: 0.33),
        pressesTitle: false)
    /// Brown ink on sepia paper, as e-readers' sepia themes.
    public static let sepia = NoteTheme(
        page: Color(red: 0.957, green: 0.925, blue: 0.847), text: Color(red: 0.357, green: 0.275, blue: 0.2),
        muted: Color(red: 0.42, green: 0.35, blue: 0.28), link: Color(red: 0.55, green: 0.27, blue: 0.1),
        codeTint: Color(red: 0.55, green: 0.42, blue: 0.28, alpha: 0.14),
        rule: Color(red: 0.82, green: 0.76, blue: 0.65),
        pressesTitle: true)

    /// The ink of a title pressed into this theme's page, made from its text's ink `text`: three tenths of the
    /// way to the page. The letterpress effect shows as a shade inside its letters' top edges, which near-black ink
    /// hides (the title looked merely bold); lighter ink lets it read while the title keeps a contrast of 6:1
    /// with the light page.
    public func pressedInk(from text: Color) -> Color {
        let share = 0.3
        func toward(_ ink: Double, _ page: Double) -> Double { ink + (page - ink) * share }
        return Color(
            red: toward(text.red, page.red), green: toward(text.green, page.green), blue: toward(text.blue, page.blue),
            alpha: text.alpha)
    }

    /// The theme called `name`.
    public static func named(_ name: Name) -> NoteTheme {
        switch name {
        case .light: return .light
        case .dark: return .dark
        case .sepia: return .sepia
        }
    }
}
