import Foundation
import Galley

/// A note's date, shown as a round badge in the top-right corner of its first column, as the document describes
/// it: the layout turns it into an exclusion once the container's width and the Dynamic Type settings are known.
/// The month is written in ``language`` (`11月` in Chinese and Japanese, `11월` in Korean, `NOV` in English), as
/// ICU's date formats (through Foundation) write a month alone.
public struct DateBadge: Hashable, Sendable {
    /// The date as the note gives it (`2026-11-24`); text that is not a date is shown as it is, cut to six
    /// characters.
    public var date: String
    /// The language (BCP 47) the month is written in.
    public var language: String

    /// A badge showing `date` in `language`.
    public init(date: String, language: String = "en") {
        self.date = date
        self.language = language
    }

    /// The badge's colour.
    static let accent = Color(red: 0.85, green: 0.33, blue: 0.27)

    /// A round badge with the day over the month, 4 pt in from the container's top-right corner: 64 pt across at
    /// the default category, scaled with the body size of `settings` so its label fits at every category.
    /// The label's runs start from `defaults`.
    public func exclusion(
        containerWidth: Double, defaults: TextAttributes = TextAttributes(),
        settings: DynamicTypeSettings = DynamicTypeSettings()
    ) -> Exclusion {
        // 32 pt at the default category, growing and shrinking with the body text so the label always fits.
        let radius = 32 * settings.pointSize(of: .body) / DynamicTypeSettings().pointSize(of: .body)
        let circle = BezierPath.circle(center: Point(x: containerWidth - radius - 4, y: radius + 4), radius: radius)
        var centered = ParagraphStyle()
        centered.alignment = .center
        let white = Color.white
        let label = TextStorage("", attributes: defaults)
        let (day, month) = Self.dayAndMonth(date, language: language)
        label.append(
            day,
            attributes: TextAttributes(
                font: .styled(.title2, weight: 700), foregroundColor: white, paragraphStyle: centered))
        label.append(
            "\n" + month,
            attributes: TextAttributes(
                font: .styled(.caption2, weight: 600), foregroundColor: white, tracking: 1, paragraphStyle: centered))
        return Exclusion(path: circle, fill: Self.accent, label: label)
    }

    /// The day and month of `date` (`YYYY-MM-DD`, a day the Gregorian calendar has), or nil for other text.
    static func components(of date: String) -> (day: Int, month: Int, year: Int)? {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
            let days = calendar.range(of: .day, in: .month, for: first), days.contains(day)
        else { return nil }
        return (day, month, year)
    }

    /// "2026-11-22" → ("22", "NOV") in English, ("22", "11月") in Chinese; any other text → (its first six
    /// characters, ""): notes refuse such dates before a badge is made.
    static func dayAndMonth(_ date: String, language: String = "en") -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let (day, month, year) = components(of: date),
            let when = calendar.date(from: DateComponents(year: year, month: month, day: 15))
        else { return (String(date.prefix(6)), "") }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: language)
        formatter.setLocalizedDateFormatFromTemplate("MMM")
        let name = formatter.string(from: when)
        // Latin month abbreviations are set in capitals on the badge ("NOV", not "Nov."), as a date stamp is.
        let isLatin = name.unicodeScalars.allSatisfy { $0.isASCII }
        return (String(day), isLatin ? name.uppercased().replacingOccurrences(of: ".", with: "") : name)
    }
}
