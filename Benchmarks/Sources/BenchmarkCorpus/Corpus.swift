import Foundation

/// The benchmark corpus (Corpus/notes.txt, made by Corpus/make-corpus): 5,000 note rows, one per line.
public enum Corpus {
    /// The directory of the Galley repository.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL

    /// The rows, or none when the file is missing.
    public static let rows: [String] = {
        let url = repository.appendingPathComponent("Benchmarks/Corpus/notes.txt")
        return (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }()

    /// The first rows joined with newlines until the note passes 3,000 characters.
    public static let note: String = {
        var note = ""
        for row in rows where note.count < 3_000 { note += (note.isEmpty ? "" : "\n") + row }
        return note
    }()
}
