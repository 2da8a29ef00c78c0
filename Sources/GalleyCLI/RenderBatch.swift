import Dispatch
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `galley render` of many inputs in one process: every file named, and every line of a `.jsonl` file (one JSON
/// document per line), drawn into a directory on all usable processors, one document per thread at a time (its
/// bands on that thread), with a progress bar on standard error when it is a terminal.
///
/// A document that fails is reported on its own line (`galley: error: notes.jsonl:12: …`) and the others are still
/// drawn; the command then exits with status 1.
struct RenderBatch {
    /// One image to make.
    struct Job {
        /// How errors name the input: its path, or `path:line` for a line of a .jsonl file.
        let name: String
        /// The PNG file written.
        let output: String
        let source: Source
    }

    /// Where a job's document comes from.
    enum Source {
        case file(String)
        /// A JSON document, and the folder its pictures are found in.
        case json(String, baseDirectory: String)
    }

    let jobs: [Job]
    let options: RequestOptions

    /// The jobs for `inputs`, writing into `directory`: `notes/today.md` to `today.png` (`.webp` with
    /// `--format webp`), line 12 of `week.jsonl` to `week-12.png` (blank lines are skipped); a folder gives its inputs (`.md`, `.txt`, `.json`, `.jsonl`, in
    /// name order), and with `recursive` its subfolders' too, written into matching subfolders.
    ///
    /// - Throws: when a .jsonl file or a folder cannot be read, a folder holds no input, standard input is among
    ///   several inputs, or two inputs would write the same image.
    init(inputs: [String], directory: String, recursive: Bool = false, options: RequestOptions) throws {
        var jobs: [Job] = []
        let format = options.choice(.format, as: ImageFormat.self) ?? .png
        try RenderCommand.checkOptions(options, apply: format)
        // A font the options name that cannot be had is the batch's one error, not every document's.
        let library = try FontOptions.library(options)
        _ = try library.font(for: try options.fontSpecifier(library: library), settings: options.dynamicTypeSettings)
        let suffix = format.fileExtension
        var files: [(input: String, directory: String)] = []
        for input in inputs {
            guard input != "-" else {
                throw UsageError("'-' (standard input) can only be rendered alone, to one image")
            }
            guard RenderCommand.isDirectory(input) else {
                files.append((input, directory))
                continue
            }
            let found = try Self.inputs(inFolder: input, recursive: recursive)
            guard !found.isEmpty else {
                throw UsageError(
                    "\(input): the folder holds no .md, .txt, .json or .jsonl file"
                        + (recursive ? "" : " (--recursive reads its subfolders)"))
            }
            files += found.map {
                (
                    (input as NSString).appendingPathComponent($0),
                    Self.path(directory, ($0 as NSString).deletingLastPathComponent)
                )
            }
        }
        for (input, directory) in files {
            let stem = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            guard (input as NSString).pathExtension.lowercased() == "jsonl" else {
                jobs.append(Job(name: input, output: Self.path(directory, stem + "." + suffix), source: .file(input)))
                continue
            }
            let folder = (input as NSString).deletingLastPathComponent
            let lines = try InputReader.readText(path: input).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated()
            where !line.allSatisfy({ $0.isWhitespace }) {
                jobs.append(
                    Job(
                        name: "\(input):\(index + 1)", output: Self.path(directory, "\(stem)-\(index + 1).\(suffix)"),
                        source: .json(String(line), baseDirectory: folder)))
            }
        }
        var writers: [String: String] = [:]
        for job in jobs {
            if let other = writers.updateValue(job.name, forKey: job.output) {
                throw UsageError("\(other) and \(job.name) would both be written to \(job.output)")
            }
        }
        self.jobs = jobs
        self.options = options
    }

    private static func path(_ directory: String, _ file: String) -> String {
        file.isEmpty ? directory : (directory as NSString).appendingPathComponent(file)
    }

    /// The inputs galley reads in `folder`, as paths relative to it, in name order; with `recursive`, its
    /// subfolders' too (hidden files and folders left out).
    private static func inputs(inFolder folder: String, recursive: Bool) throws -> [String] {
        let kinds: Set<String> = ["md", "txt", "json", "jsonl"]
        let manager = FileManager.default
        let names: [String]
        do {
            names =
                try recursive
                ? manager.subpathsOfDirectory(atPath: folder) : manager.contentsOfDirectory(atPath: folder)
        } catch {
            throw InputError("\(folder): the folder cannot be read")
        }
        // A link to a file outside the folder is not the folder's input: the folder was named, not where its
        // links lead (a link to /etc/passwd would be drawn).
        let inside = FileAccess.only([folder])
        return names.filter { name in
            let path = (folder as NSString).appendingPathComponent(name)
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                kinds.contains((name as NSString).pathExtension.lowercased()), !RenderCommand.isDirectory(path)
            else { return false }
            guard inside.permits(name) else {
                StandardOutput.error("galley: warning: \(path): skipped, a link to a file outside \(folder)\n")
                return false
            }
            return true
        }.sorted()
    }

    /// Draws every job on `workers` threads; the number that failed (each reported on standard error).
    func run(workers: Int) -> Int {
        let progress = Progress(total: jobs.count, isTerminal: isatty(2) == 1)
        ParallelWork.forEach(count: jobs.count, threads: workers) { index, _ in
            do {
                try render(jobs[index])
                progress.finished(index, failed: nil)
            } catch {
                progress.finished(index, failed: "\(jobs[index].name): \(String(describing: error).oneLine)")
            }
        }
        return progress.end()
    }

    private func render(_ job: Job) throws {
        let (document, library) =
            switch job.source {
            case .file(let path): try DocumentOptions.read(path, options: options)
            case .json(let text, let folder):
                try DocumentOptions.read(json: text, baseDirectory: folder, options: options)
            }
        // One thread per document: the documents keep every processor busy, and bands on one thread need no
        // hand-over between threads.
        let format = options.choice(.format, as: ImageFormat.self) ?? .png
        let (image, cut) = try options.renderImage(
            DocumentRenderer(document: document, library: library), as: format, threads: 1)
        RenderCommand.warn(cut: cut, of: document, format: format, input: job.name)
        let folder = (job.output as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try PNGWriter.write(image, to: job.output)
    }
}

/// The batch's count of finished images, drawn as a bar on standard error when it is a terminal
/// (redrawn at most ten times a second), and its errors, each on a line of its own above the bar.
///
private final class Progress: Sendable {
    private let total: Int
    private let isTerminal: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    /// Images done, of them failed, and when the bar was last drawn; each job's outcome (nil until it ends, then
    /// its error or "" when it succeeded) and the first job not yet reported.
    private let counts: Mutex<(done: Int, failed: Int, drawn: UInt64, outcomes: [String?], reported: Int)>

    init(total: Int, isTerminal: Bool) {
        self.total = total
        self.isTerminal = isTerminal
        counts = Mutex((0, 0, 0, [String?](repeating: nil, count: total), 0))
    }

    /// Job `index` done, or failed with `failed` as its message. Errors are printed in the inputs' order, as each
    /// job before them has ended, whichever thread ends first.
    func finished(_ index: Int, failed message: String?) {
        counts.withLock { counts in
            counts.done += 1
            counts.outcomes[index] = message ?? ""
            if message != nil { counts.failed += 1 }
            while counts.reported < total, let outcome = counts.outcomes[counts.reported] {
                if !outcome.isEmpty {
                    StandardOutput.error((isTerminal ? "\r\u{1B}[K" : "") + "galley: error: \(outcome.oneLine)\n")
                    counts.drawn = 0
                }
                counts.reported += 1
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard isTerminal, counts.done == total || now - counts.drawn > 100_000_000 else { return }
            counts.drawn = now
            StandardOutput.error("\r" + bar(done: counts.done))
        }
    }

    /// Clears the bar and prints a summary on a terminal; the number of failures.
    func end() -> Int {
        counts.withLock { counts in
            if isTerminal {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                let failures = counts.failed > 0 ? ", \(counts.failed) failed" : ""
                StandardOutput.error(
                    "\r\u{1B}[K" + "rendered \(counts.done - counts.failed) of \(total) images in "
                        + String(format: "%.1f s", seconds) + failures + "\n")
            }
            return counts.failed
        }
    }

    /// The bar for `done` images of the total.
    private func bar(done: Int) -> String {
        let width = 30, filled = total > 0 ? done * width / total : width
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(done)/\(total)"
    }
}
