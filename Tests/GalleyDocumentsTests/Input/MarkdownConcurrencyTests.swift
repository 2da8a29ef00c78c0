import Foundation
import Synchronization
import Testing

@testable import GalleyDocuments

/// Notes read on many threads at once parse as they do alone: cmark-gfm's process-wide table of the characters
/// its extensions react to is changed by every parse, so an unguarded parse finishing on one thread took `~` and
/// `|` away from one under way on another (strikethrough drawn as `~text~`, a table as text).
@Suite struct MarkdownConcurrencyTests {
    /// A note that needs the extensions: strikethrough, a table, a task list and an autolink in every paragraph.
    static let note = (0..<40).map { index in
        "Paragraph \(index) with ~struck \(index)~ text and www.example.com/\(index) here.\n\n"
            + "| a | b |\n|---|---|\n| \(index) | ~x~ |\n\n- [x] done \(index)\n"
    }.joined(separator: "\n")

    /// The kinds of the nodes of `text`'s tree, depth first.
    static func kinds(_ text: String) -> [String] {
        let tree = MarkdownTree(text)
        return withExtendedLifetime(tree) { kinds(tree.root) }
    }

    static func kinds(_ node: MarkdownNode) -> [String] {
        [node.kind] + node.children.flatMap(kinds)
    }

    @Test func concurrentParsesGiveTheTreeOneParseGives() throws {
        let alone = Self.kinds(Self.note)
        #expect(alone.filter { $0 == "strikethrough" }.count == 80)
        #expect(alone.contains("table"))
        let differing = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<40 where Self.kinds(Self.note) != alone {
                differing.add(1, ordering: .relaxed)
            }
        }
        #expect(differing.load(ordering: .relaxed) == 0)
    }
}
