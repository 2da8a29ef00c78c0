/// A semantic role for text whose size and weight follow the reader's chosen content size, as in iOS's
/// `UIFont.TextStyle`. Names match the Swift case names used on the command line and in JSON.
public enum TextStyle: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

    /// The style with this exact name, or an error listing every valid name.
    public init(name: String) throws {
        guard let style = TextStyle(rawValue: name) else {
            throw DynamicTypeError.unknownTextStyle(name, valid: TextStyle.allCases.map(\.rawValue))
        }
        self = style
    }

    public static func < (lhs: TextStyle, rhs: TextStyle) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The reader's preferred text size, as iOS's `UIContentSizeCategory`: seven standard sizes and five larger
/// accessibility sizes, ordered from smallest to largest. `large` is the default.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The category with this exact name, or an error listing every valid name.
    public init(name: String) throws {
        guard let category = ContentSizeCategory(rawValue: name) else {
            throw DynamicTypeError.unknownCategory(name, valid: ContentSizeCategory.allCases.map(\.rawValue))
        }
        self = category
    }

    /// The position from smallest (0) to largest (11), the column of the size tables.
    public var ordinal: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// Why a Dynamic Type name or value was refused.
public enum DynamicTypeError: GalleyError, Equatable, Sendable {
    case unknownTextStyle(String, valid: [String])
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
