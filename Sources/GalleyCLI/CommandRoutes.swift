import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyService
import Synchronization

/// What `galley serve` computes, through the commands themselves: a request's query becomes the command's flags,
/// parsed and checked by its own options type, and the work is the command's own, so each route answers byte for
/// byte as `galley measure`, `galley render -o -` and `galley layout --json` do.
struct CommandRoutes: ServiceCommands {
    /// One measurer per worker thread and font library, made by that worker when first needed.
    private let measurers: WorkerLibraryMeasurers

    init(workers: Int) { measurers = WorkerLibraryMeasurers(workers: workers) }

    func measureJob(options: [QueryItem], body: [UInt8], access: FileAccess) throws -> any MeasureJob {
        let command = try parse(MeasureCommand.self, options, before: [], access: access)
        let (defaults, library) = try command.lineDefaults()
        return MeasureRequest(
            reader: LineReader(bytes: body, lineLimit: MeasureCommand.lineLimit), defaults: defaults, library: library,
            measurers: measurers)
    }

    func render(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let command = try parse(RenderCommand.self, options, before: ["-", "-o", "-"], access: input.access)
        let (document, library) = try read(input, with: command.documentOptions)
        // One thread per request: the service's workers already keep every processor busy.
        return try report {
            [UInt8](try DocumentRenderer(document: document, library: library).renderPNG(with: PNGWriter(threads: 1)))
        }
    }

    func layout(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let command = try parse(LayoutCommand.self, options, before: ["-", "--json"], access: input.access)
        let (document, library) = try read(input, with: command.documentOptions)
        var json = ""
        try report { try LayoutCommand.write(document, library: library, json: true) { json += $0 } }
        return Array(json.utf8)
    }

    /// The flags the service decides itself, or that would read files by another rule.
    private static let serverOnly: Set<String> = ["allow-dir", "exclude-image", "output", "json", "help", "version"]

    /// `Command` parsed from `before` and the query's items as flags (`name=value` as `--name value`; a bare or
    /// `true` name as the flag `--name`), and checked as the command line checks it.
    private func parse<Command: ParsableCommand & Sendable>(
        _ type: Command.Type, _ options: [QueryItem], before: [String], access: FileAccess
    ) throws -> Command {
        let flags = Self.flags.withLock { known in
            let key = ObjectIdentifier(type)
            if let names = known[key] { return names }
            let names = Self.flagNames(of: type)
            known[key] = names
            return names
        }
        var arguments = before
        for item in options {
            guard !Self.serverOnly.contains(item.name) else {
                throw ServiceFailure.badRequest("the query parameter '\(item.name)' is not accepted by the service")
            }
            if flags.contains(item.name) {
                switch item.value {
                case "", "true", "1": arguments.append("--" + item.name)
                case "false", "0": break
                default:
                    throw ServiceFailure.badRequest(
                        "the query parameter '\(item.name)' is a flag: give it no value, true or false")
                }
            } else {
                arguments += ["--" + item.name, item.value]
            }
        }
        let command = try Self.parsed.value(for: arguments, of: type) { try report { try type.parse(arguments) } }
        // A font named by path is a file the request reads.
        if let font = options.last(where: { $0.name == "font" })?.value, font.contains("/"),
            let refusal = access.refusal(ofFontFile: font)
        {
            throw ServiceFailure.badRequest(refusal)
        }
        return command
    }

    /// Commands parsed from the queries seen last: clients send the same options again and again, and parsing
    /// costs half a millisecond, thirty times a one-row measurement.
    private static let parsed = RecentCommands()

    /// Each command's flag names, worked out once (a description of the command costs a millisecond).
    private static let flags = Mutex<[ObjectIdentifier: Set<String>]>([:])

    /// The long names of `type`'s boolean flags, from ArgumentParser's own description of the command.
    private static func flagNames<Command: ParsableCommand>(of type: Command.Type) -> Set<String> {
        guard let data = type._dumpHelp().data(using: .utf8),
            let tool = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let command = tool["command"] as? [String: Any],
            let arguments = command["arguments"] as? [[String: Any]]
        else { return [] }
        var names: Set<String> = []
        for argument in arguments where argument["kind"] as? String == "flag" {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                if let long = name["name"] as? String { names.insert(long) }
            }
        }
        return names
    }

    private func read(_ input: ServiceInput, with options: DocumentOptions) throws -> (Document, FontLibrary) {
        try report {
            try options.read(
                text: try InputReader.text(of: input.body, name: "the request body"), kind: input.kind,
                access: input.access)
        }
    }

    /// `body`'s result; what it throws becomes a bad request with the command line's message.
    private func report<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let failure as ServiceFailure { throw failure } catch {
            throw ServiceFailure.badRequest(GalleyTool.errorMessage(for: error))
        }
    }
}

/// One `measure` request's lines, read from its body and measured a batch at a time (one batch at a time, on
/// whichever worker the pool gives: unchecked Sendable because the pool never runs two of its batches at once).
private final class MeasureRequest: MeasureJob, @unchecked Sendable {
    private let reader: LineReader
    private let defaults: MeasureCommand.LineDefaults
    private let library: FontLibrary
    private let measurers: WorkerLibraryMeasurers
    private(set) var linesMeasured = 0
    var isFinished: Bool { reader.isExhausted }

    init(
        reader: LineReader, defaults: MeasureCommand.LineDefaults, library: FontLibrary,
        measurers: WorkerLibraryMeasurers
    ) {
        self.reader = reader
        self.defaults = defaults
        self.library = library
        self.measurers = measurers
    }

    func nextBatch(worker: Int) -> String? {
        // Lines in memory: reading them cannot fail.
        let batch = (try? reader.nextLines(MeasureCommand.batchSize)) ?? []
        guard !batch.isEmpty else { return nil }
        let measurer = measurers.measurer(worker: worker, library: library)
        var text = ""
        for line in batch {
            text += MeasureCommand.measure(line, defaults: defaults, measurer: measurer, library: library).line + "\n"
        }
        linesMeasured += batch.count
        return text
    }
}

/// Each worker's measurers, one per font library it has measured with (the standard one, the bundled-only one):
/// worker `i` only ever touches slot `i`, hence unchecked Sendable.
private final class WorkerLibraryMeasurers: @unchecked Sendable {
    private final class Slot {
        var measurers: [ObjectIdentifier: TextMeasurer] = [:]
    }

    /// One slot per worker, made up front: the array itself never changes.
    private let slots: [Slot]

    init(workers: Int) { slots = (0..<workers).map { _ in Slot() } }

    func measurer(worker: Int, library: FontLibrary) -> TextMeasurer {
        let slot = slots[worker]
        if let known = slot.measurers[ObjectIdentifier(library)] { return known }
        let made = MeasureCommand.workerMeasurer(library: library)
        slot.measurers[ObjectIdentifier(library)] = made
        return made
    }
}

/// The commands parsed from the last ``limit`` distinct argument lists (of any command), the oldest forgotten
/// first.
private final class RecentCommands: Sendable {
    private struct Key: Hashable {
        let command: ObjectIdentifier
        let arguments: [String]
    }

    private struct State {
        var commands: [Key: any ParsableCommand & Sendable] = [:]
        var order: [Key] = []
    }

    /// The most argument lists kept; each is at most a query's length.
    static let limit = 64

    private let state = Mutex(State())

    /// The command `arguments` parse to, from `parse` the first time.
    func value<Command: ParsableCommand & Sendable>(
        for arguments: [String], of type: Command.Type, parse: () throws -> Command
    ) rethrows -> Command {
        let key = Key(command: ObjectIdentifier(type), arguments: arguments)
        if let known = state.withLock({ $0.commands[key] }) as? Command { return known }
        let command = try parse()
        state.withLock { state in
            guard state.commands.updateValue(command, forKey: key) == nil else { return }
            state.order.append(key)
            if state.order.count > Self.limit { state.commands[state.order.removeFirst()] = nil }
        }
        return command
    }
}
