import Foundation
import Galley
import GalleyDocuments

/// The settings of one request, decoded from text and checked against ``RequestSettings``: what a command line or
/// a query string asks for. The command line and the service build it the same way, from `name=value` items, so
/// a value is accepted, refused and worded alike on both; file paths in it have passed the request's
/// ``FileAccess``.
public struct RequestOptions: Sendable {
    /// A decoded value.
    public enum Value: Sendable, Equatable {
        case number(Double)
        case flag(Bool)
        case text(String)
        /// A font file's path, allowed by the request's access.
        case file(AllowedFile)
    }

    /// Where the items came from, for the names errors use.
    public enum Surface: Sendable {
        /// Long options of the `galley` command: errors say `--width`.
        case commandLine
        /// Query parameters of `galley serve`: errors say `query parameter 'width'`.
        case query
        /// Keyword settings of the C library and the Python package, the query's settings spelled in snake case
        /// (`line_height_metrics`; the query's spelling is taken too): errors say `setting 'line_height_metrics'`.
        case library
    }

    /// The work the request does: which settings apply.
    public let work: RequestSetting.Work
    /// Which files the options may name (font files, pictures to flow around): every file for the command line's
    /// user, the allowed folders for the service's clients.
    public let access: FileAccess
    /// The values given, by setting, in the order given (one unless the setting is repeatable).
    public private(set) var values: [SettingName: [Value]] = [:]
    /// Where the options were given (the command line unless a query's were added): how errors name them.
    public private(set) var surface = Surface.commandLine
    /// The bounds the request's layout, measuring and image keep to (a document read with these options carries
    /// them in its render options).
    public var limits = Limits()
    /// The bounds on the files, pictures and tables the request reads.
    public var documentLimits = DocumentLimits()

    /// No settings, for `work`, naming files as `access` allows.
    public init(work: RequestSetting.Work, access: FileAccess) {
        self.work = work
        self.access = access
    }

    /// The options `items` give, each name an option's (or a former name of one), each value checked.
    ///
    /// - Throws: ``InputError`` naming the option (and the nearest known name for an unknown one), the value and
    ///   what it must be.
    public init(
        items: [(name: String, value: String)], from surface: Surface, work: RequestSetting.Work, access: FileAccess
    ) throws {
        self.init(work: work, access: access)
        for item in items { try add(item.name, item.value, from: surface) }
    }

    /// Adds the option named `name` (its option name or a former one) with `text` as its value.
    ///
    /// - Throws: ``InputError`` for an unknown option, one that does not apply to the work, a second value of one
    ///   that is not repeatable, or a bad value.
    public mutating func add(_ name: String, _ text: String, from surface: Surface) throws {
        self.surface = surface
        let setting = try Self.setting(named: name, from: surface, work: work)
        let label = Self.label(setting.name.optionName, surface)
        let value = try decode(text, for: setting, label: label)
        guard setting.repeatable || values[setting.name] == nil else {
            throw InputError("\(label) is given twice; give it once")
        }
        values[setting.name, default: []].append(value)
    }

    /// Sets `name` to `value`, replacing what it had (a default the caller chose, such as a command's own).
    public mutating func set(_ name: SettingName, _ value: Value) { values[name] = [value] }

    /// The setting `name` names on `surface`, for `work`.
    package static func setting(named name: String, from surface: Surface, work: RequestSetting.Work) throws
        -> RequestSetting
    {
        let place: RequestSetting.Surfaces = surface == .commandLine ? .commandLine : .query
        let name = surface == .library ? String(name.map { $0 == "_" ? "-" : $0 }) : name
        guard let setting = RequestSettings.bySpelling[name]?.first(where: { $0.surfaces.contains(place) }) else {
            let candidates = RequestSettings.all.filter { $0.surfaces.contains(place) }
            if surface != .commandLine, SettingName.allowDir.optionName == name {
                // The folders a client may name are the server's to choose, never a request's.
                throw InputError(
                    "'\(name)' is a server option (galley serve --\(name)), not a query parameter: the service's "
                        + "operator chooses the folders its clients may read")
            }
            let applying = candidates.filter { !$0.work.isDisjoint(with: work) }.map(\.name.optionName)
            throw InputError(unknownName(name, among: applying, from: surface))
        }
        guard !setting.work.isDisjoint(with: work) else {
            throw InputError("\(label(setting.name.optionName, surface)) does not apply to this \(workNoun(surface))")
        }
        return setting
    }

    /// The refusal of option `name`, unknown on `surface`, with the nearest of `known` when one is near: "unknown
    /// option '--widht'; did you mean '--width'?", "unknown query parameter 'widht'; did you mean 'width'?".
    public static func unknownName(_ name: String, among known: [String], from surface: Surface) -> String {
        let nearest = NearestName.among(known, to: name).map { "; did you mean '\(label($0, surface))'?" }
        return "unknown \(noun(surface)) '\(label(name, surface))'" + (nearest ?? "")
    }

    private static func noun(_ surface: Surface) -> String {
        switch surface {
        case .commandLine: "option"
        case .query: "query parameter"
        case .library: "setting"
        }
    }

    private static func workNoun(_ surface: Surface) -> String {
        switch surface {
        case .commandLine: "command"
        case .query: "route"
        case .library: "call"
        }
    }

    /// How errors name option `name` on `surface`: `--width` on the command line, `width` in a query (shortened).
    static func label(_ name: String, _ surface: Surface) -> String {
        let shown = name.shortened(to: 60)
        switch surface {
        case .commandLine: return "--\(shown)"
        case .query: return shown
        case .library: return shown.replacingOccurrences(of: "-", with: "_")
        }
    }

    /// `text` as a value of `setting`, or an error naming `label`.
    private func decode(_ text: String, for setting: RequestSetting, label: String) throws -> Value {
        let shown = text.shortened(to: 60)
        switch setting.values {
        case .number(let range):
            return .number(try Self.number(text, in: range, label: label))
        case .integer(let range):
            return .number(Double(try Self.integer(text, in: range, label: label)))
        case .flag:
            switch text {
            case "", "true", "1": return .flag(true)
            case "false", "0": return .flag(false)
            default: throw InputError("\(label) is on or off: give it no value, true or false (not \"\(shown)\")")
            }
        case .choice(let names):
            // Names, not spellings: `PDF` is `pdf` and `ExtraLarge` is `extraLarge`.
            guard let name = names.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw InputError("\(label) \"\(shown)\" is not one of \(names.joined(separator: ", "))")
            }
            return .text(name)
        case .text(let kind):
            return try decode(text, kind: kind, label: label, shown: shown)
        }
    }

    private func decode(_ text: String, kind: RequestSetting.TextKind, label: String, shown: String) throws
        -> Value
    {
        switch kind {
        case .color, .colorOrNone:
            if kind == .colorOrNone, text.lowercased() == "none" { return .text(text) }
            do { _ = try Color(css: text) } catch { throw InputError("\(label): \(error)") }
        case .language:
            guard text == "auto" || LanguageTag.isValid(text) else {
                throw InputError("\(label) \"\(shown)\" is not a known BCP 47 language tag")
            }
        case .pathData:
            do { _ = try BezierPath(svgPathData: text) } catch { throw InputError("\(label): \(error)") }
        case .pictureAt:
            let picture = try PictureAt(text, label: label)
            _ = try access.allow(picture.path, key: label)
        case .folder:
            break
        case .fontFamilyOrFile:
            if text.contains("/") { return .file(try access.allow(text, key: label)) }
        case .numberList:
            _ = try Self.numbers(text, label: label)
        case .emphasisStyle:
            do { _ = try TextEmphasis(css: text) } catch { throw InputError("\(label): \(error)") }
        case .emphasisPosition:
            do { _ = try TextEmphasis.placement(css: text) } catch { throw InputError("\(label): \(error)") }
        }
        return .text(text)
    }

    /// A whole number in `range` from `text` (`2` or `2.0`), or an error saying what is wrong with it, as
    /// ``number(_:in:label:)`` words it, or "--quality 2.5 is not a whole number".
    package static func integer(_ text: String, in range: ClosedRange<Int>, label: String) throws -> Int {
        let number = try number(text, in: Double(range.lowerBound)...Double(range.upperBound), label: label)
        guard number == number.rounded() else {
            throw InputError("\(label) \(text.shortened(to: 60)) is not a whole number")
        }
        return Int(number)
    }

    /// A finite number in `range` from `text`, or an error saying what is wrong with it: "--width -10 must be
    /// positive", "--height -1 must not be negative", else "--scale 9 is outside 0.1...8".
    package static func number(_ text: String, in range: ClosedRange<Double>, label: String) throws -> Double {
        let shown = text.shortened(to: 60)
        guard let value = Double(text.trimmingWhitespace()) else {
            throw InputError("\(label) \"\(shown)\" is not a number (expected \(bounds(range)))")
        }
        try check(value, in: range, label: label)
        return value
    }

    /// Throws when `value` is outside `range`, saying how.
    public static func check(_ value: Double, in range: ClosedRange<Double>, label: String) throws {
        guard !range.contains(value) else { return }
        let text = value.isFinite ? JSONValue.format(value) : "\(value)"
        if value.isNaN { throw InputError("\(label) \(text) is not a number (expected \(bounds(range)))") }
        if range.lowerBound > 0, value <= 0 { throw InputError("\(label) \(text) must be positive (\(bounds(range)))") }
        if range.lowerBound == 0, value < 0 {
            throw InputError("\(label) \(text) must not be negative (\(bounds(range)))")
        }
        throw InputError("\(label) \(text) is outside \(bounds(range))")
    }

    private static func bounds(_ range: ClosedRange<Double>) -> String {
        "\(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
    }

    /// The widths of a comma-separated list, each checked, at most ``RequestSettings/widthCountLimit``.
    static func numbers(_ text: String, label: String) throws -> [Double] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= RequestSettings.widthCountLimit else {
            throw InputError("\(label): \(items.count) widths; at most \(RequestSettings.widthCountLimit)")
        }
        return try items.map { item in
            let trimmed = item.trimmingWhitespace()
            guard Double(trimmed) != nil else {
                let shown = trimmed.shortened(to: 60)
                throw InputError("\(label): \"\(shown)\" is not a number (expected widths like 320,375,414)")
            }
            return try number(trimmed, in: Document.widthRange, label: label)
        }
    }

    // MARK: Values

    /// Whether `name` was given.
    public func has(_ name: SettingName) -> Bool { values[name] != nil }

    /// The number given for `name`.
    public func number(_ name: SettingName) -> Double? {
        if case .number(let value)? = values[name]?.last { return value }
        return nil
    }

    /// Whether flag `name` is on (off when not given).
    public func flag(_ name: SettingName) -> Bool {
        if case .flag(let value)? = values[name]?.last { return value }
        return false
    }

    /// The text given for `name`.
    public func text(_ name: SettingName) -> String? {
        if case .text(let value)? = values[name]?.last { return value }
        return nil
    }

    /// Every text given for repeatable `name`, in order.
    public func texts(_ name: SettingName) -> [String] {
        (values[name] ?? []).compactMap { if case .text(let value) = $0 { value } else { nil } }
    }

    /// One of `T`'s cases, given by name for `name`.
    public func choice<T: RawRepresentable>(_ name: SettingName, as type: T.Type) -> T? where T.RawValue == String {
        text(name).flatMap(T.init(rawValue:))
    }

    /// The widths of ``SettingName/widths``, checked when added.
    public var widths: [Double]? {
        text(.widths).flatMap { try? Self.numbers($0, label: "") }
    }
}

/// `FILE@X,Y`: a picture's path and its top-left corner in points.
struct PictureAt {
    let path: String
    let x: Double
    let y: Double

    /// Reads `text`, or throws an error naming `label`.
    init(_ text: String, label: String) throws {
        let shown = text.shortened(to: 60)
        guard let at = text.lastIndex(of: "@") else { throw InputError("\(label) \"\(shown)\": expected FILE@X,Y") }
        let coordinates = text[text.index(after: at)...].split(separator: ",").map { Double($0) }
        let limit = BezierPath.coordinateLimit
        guard coordinates.count == 2, let x = coordinates[0], let y = coordinates[1], abs(x) <= limit,
            abs(y) <= limit
        else {
            throw InputError("\(label) \"\(shown)\": expected FILE@X,Y with X and Y within ±\(limit) points")
        }
        (path, self.x, self.y) = (String(text[..<at]), x, y)
    }
}
