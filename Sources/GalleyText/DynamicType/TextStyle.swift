/// A semantic role for text whose size and weight follow the reader's chosen content size, as in iOS's
/// `UIFont.TextStyle`. Names match the Swift case names used on the command line and in JSON.
public enum TextStyle: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// Large title: 34 pt at the default category.
    case largeTitle
    /// First-level title: 28 pt.
    case title1
    /// Second-level title: 22 pt.
    case title2
    /// Third-level title: 20 pt.
    case title3
    /// Headline: 17 pt semibold.
    case headline
    /// Subheadline: 15 pt.
    case subheadline
    /// Body text: 17 pt, the style of text that names no font.
    case body
    /// Callout: 16 pt.
    case callout
    /// Footnote: 13 pt.
    case footnote
    /// Caption: 12 pt.
    case caption1
    /// Second caption: 11 pt.
    case caption2

    /// The style with this exact name, or an error listing every valid name.
    public init(name: String) throws {
        guard let style = TextStyle(rawValue: name) else {
            throw DynamicTypeError.unknownTextStyle(name, valid: TextStyle.allCases.map(\.rawValue))
        }
        self = style
    }

    public static func < (lhs: TextStyle, rhs: TextStyle) -> Bool { lhs.ordinal < rhs.ordinal }

    /// The styles in declaration order, made once: `allCases` makes a new array at every call.
    private static let ordered = allCases

    /// The position in declaration order (0 for ``largeTitle``), the row of the size tables.
    var ordinal: Int { Self.ordered.firstIndex(of: self)! }
}

/// The reader's preferred text size, as iOS's `UIContentSizeCategory`: seven standard sizes and five larger
/// accessibility sizes, ordered from smallest to largest. `large` is the default.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    /// Body text at 14 pt.
    case extraSmall
    /// Body text at 15 pt.
    case small
    /// Body text at 16 pt.
    case medium
    /// Body text at 17, the default pt.
    case large
    /// Body text at 19 pt.
    case extraLarge
    /// Body text at 21 pt.
    case extraExtraLarge
    /// Body text at 23 pt.
    case extraExtraExtraLarge
    /// Body text at 28 pt.
    case accessibilityMedium
    /// Body text at 33 pt.
    case accessibilityLarge
    /// Body text at 40 pt.
    case accessibilityExtraLarge
    /// Body text at 47 pt.
    case accessibilityExtraExtraLarge
    /// Body text at 53 pt.
    case accessibilityExtraExtraExtraLarge

    /// The category with this exact name, or an error listing every valid name.
    public init(name: String) throws {
        guard let category = ContentSizeCategory(rawValue: name) else {
            throw DynamicTypeError.unknownCategory(name, valid: ContentSizeCategory.allCases.map(\.rawValue))
        }
        self = category
    }

    /// The categories from smallest to largest, made once: `allCases` makes a new array at every call.
    private static let ordered = allCases

    /// The position from smallest (0) to largest (11), the column of the size tables.
    public var ordinal: Int { Self.ordered.firstIndex(of: self)! }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// Why a Dynamic Type name or value was refused.
public enum DynamicTypeError: GalleyError, Equatable, Sendable {
    /// No text style has this name; `valid` lists the names.
    case unknownTextStyle(String, valid: [String])
    /// No content size category has this name; `valid` lists the names.
    case unknownCategory(String, valid: [String])

    public var description: String {
        switch self {
        case .unknownTextStyle(let name, let valid):
            return "unknown text style \"\(name)\"; valid styles: \(valid.joined(separator: ", "))"
        case .unknownCategory(let name, let valid):
            return "unknown content size category \"\(name)\"; valid categories: \(valid.joined(separator: ", "))"
        }
    }
}
