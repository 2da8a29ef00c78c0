import GalleyDocuments
import GalleyRequests

/// One `name=value` of a query string, both decoded (`+` is a space); a bare `name` has the value "".
public struct QueryItem: Sendable, Equatable {
    /// The parameter's name: a flag's long name without its dashes.
    public var name: String
    /// Its value.
    public var value: String

    /// The item `name=value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A request's document: its body, what it is read as (from its Content-Type), and which files it may read.
public struct ServiceInput: Sendable {
    /// The body's bytes, UTF-8 text.
    public let body: [UInt8]
    /// Plain text, a note or a JSON document.
    public let kind: InputKind
    /// The folders the service allows (`--allow-dir`), and no other.
    public let access: FileAccess
}
