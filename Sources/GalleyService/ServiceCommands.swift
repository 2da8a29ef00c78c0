import GalleyDocuments

/// What the service's routes compute, handed in by the command line so that each route answers exactly as its
/// command does: `POST /v1/measure` as `galley measure`, `/v1/render` as `galley render -o -`, `/v1/layout` as
/// `galley layout --json`.
///
/// Options come as the request's query parameters, each named as the command's long flag without its dashes
/// (`?width=320&font=Inter&bold-text`). Errors thrown for bad options or input are `ServiceFailure`s or carry the
/// command's one-line message as their description.
public protocol ServiceCommands: Sendable {
    /// The work of one `measure` request: `body` (JSON lines) measured under `options`, a batch at a time.
    ///
    /// - Throws: for options the command refuses.
    func measureJob(options: [QueryItem], body: [UInt8], access: FileAccess) throws -> any MeasureJob

    /// The PNG `galley render` draws for `input` under `options`; called on a worker thread.
    func render(options: [QueryItem], input: ServiceInput) throws -> [UInt8]

    /// The JSON `galley layout --json` prints for `input` under `options`; called on a worker thread.
    func layout(options: [QueryItem], input: ServiceInput) throws -> [UInt8]
}

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

/// The lines of one `measure` request, measured a batch at a time on whichever worker is free; the service calls
/// it from one thread at a time.
public protocol MeasureJob: AnyObject, Sendable {
    /// The output lines of the next batch of input lines, measured on worker thread `worker`, each ending in a
    /// newline; nil once the input is exhausted.
    func nextBatch(worker: Int) -> String?

    /// How many input lines have been measured so far.
    var linesMeasured: Int { get }

    /// Whether the input is known to hold no more lines (then ``nextBatch(worker:)`` would return nil).
    var isFinished: Bool { get }
}
