/// Galley's own list marker on top of Markdown: a line starting `一、`, `二、` … `十二、` is a step of a
/// Chinese-numbered list, as Chinese notes number them (CommonMark knows only `1.` and `1)`).
enum ChineseSteps {
    /// The number a line's `一、`-style marker gives and the length of the marker (numerals and `、`), or nil when
    /// the line does not start with one.
    static func marker(_ line: Substring) -> (number: Int, length: Int)? {
        let numerals = line.prefix { "零一二三四五六七八九十百千".contains($0) }
        guard !numerals.isEmpty, numerals.count <= 6, line.dropFirst(numerals.count).first == "、" else { return nil }
        return (value(numerals) ?? 1, numerals.count + 1)
    }

    /// The value of a Chinese numeral such as 十二 or 一百零五; nil when it is not one.
    private static func value(_ numerals: Substring) -> Int? {
        let digits: [Character: Int] = ["零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9]
        let units: [Character: Int] = ["十": 10, "百": 100, "千": 1000]
        var total = 0, pending: Int?
        for character in numerals {
            if let digit = digits[character] {
                pending = digit
            } else if let unit = units[character] {
                total += (pending ?? 1) * unit
                pending = nil
            } else {
                return nil
            }
        }
        return total + (pending ?? 0)
    }
}
