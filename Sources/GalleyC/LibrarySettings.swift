import Galley
import GalleyDocuments
import GalleyRequests

/// The settings a C caller gives: a JSON object whose keys are the request table's settings in snake case (or as
/// the query spells them) and `allow_dir`, the folders documents and rows may read files from (none by default,
/// as for `galley serve`).
struct LibrarySettings {
    /// The request's options.
    let options: RequestOptions
    /// The files documents and rows may read.
    let access: FileAccess

    /// The most bytes of a settings object.
    static let byteLimit = 1 << 20

    /// Reads `json` (nil or empty: no settings) for `work`.
    ///
    /// - Throws: ``InputError`` naming the setting for an unknown name or a bad value.
    init(json: String?, work: RequestSetting.Work) throws {
        var items: [(name: String, value: String)] = []
        var allowed: [String] = []
        let text = json ?? ""
        guard text.utf8.count <= Self.byteLimit else {
            throw InputError("settings longer than \(Self.byteLimit) bytes")
        }
        if !text.allSatisfy(\.isWhitespace) {
            guard case .object(let members) = try JSONParser.parse(text) else {
                throw InputError("settings must be a JSON object, such as {\"width\": 320}")
            }
            for (key, value) in members {
                if key == "allow_dir" || key == "allow-dir" {
                    allowed += try Self.texts(value, key: key)
                    continue
                }
                let setting = try RequestOptions.setting(named: key, from: .library, work: work)
                switch value {
                case .null: continue
                case .array(let elements) where setting.repeatable:
                    for element in elements { items.append((key, try Self.text(element, key: key))) }
                case .array(let elements):
                    items.append((key, try elements.map { try Self.text($0, key: key) }.joined(separator: ",")))
                default:
                    items.append((key, try Self.text(value, key: key)))
                }
            }
        }
        access = .only(allowed)
        options = try RequestOptions(items: items, from: .library, work: work, access: access)
    }

    /// A scalar setting's value as the request table reads it.
    private static func text(_ value: JSONValue, key: String) throws -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return JSONValue.number(number).serialized
        case .bool(let flag): return flag ? "true" : "false"
        default: throw InputError("setting '\(key)' cannot be \(value.kind)")
        }
    }

    /// A list of strings (or one string).
    private static func texts(_ value: JSONValue, key: String) throws -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let elements): return try elements.map { try text($0, key: key) }
        default: throw InputError("setting '\(key)' is a folder or a list of folders")
        }
    }
}
