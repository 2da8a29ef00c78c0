@_spi(Stages) import GalleyText

/// Where text flows from container to container (pages, columns): placing a paragraph again from where it began,
/// so it keeps its orphans and widows (``FragmentationRules``) and a heading starts the container of the
/// paragraph after it.
extension Typesetter {
    /// Whether text flows from container to container, where paragraphs keep their orphans and widows and headings
    /// stay with the paragraph after them (``FragmentationRules``).
    var flowsAcrossContainers: Bool { bands.frames.count > 1 }

    /// What placing moves on from one paragraph to the next, to place again from there.
    struct Checkpoint {
        let fragmentCount: Int
        let position: BandPosition
        let output: Output.Mark
        let unlaidStart: Int?
        let isStopped: Bool

        init(_ typesetter: Typesetter) {
            (fragmentCount, position, output) = (
                typesetter.output.fragments.count, typesetter.bands.position, typesetter.output.mark
            )
            (unlaidStart, isStopped) = (typesetter.unlaidStart, typesetter.isStopped)
        }
    }

    /// Back where `checkpoint` was taken: what was placed since is forgotten.
    mutating func restore(_ checkpoint: Checkpoint) {
        output.restore(checkpoint.output)
        bands.position = checkpoint.position
        (unlaidStart, isStopped) = (checkpoint.unlaidStart, checkpoint.isStopped)
    }

    /// Whether the heading placed from `checkpoint` ended in an earlier container than the paragraph after it,
    /// whose fragments start at `paragraphStart`, begins: then the heading moves on with it. A paragraph that left
    /// no fragment (past the last container) parts from nothing.
    func isParted(from checkpoint: Checkpoint, at paragraphStart: Int) -> Bool {
        let fragments = output.fragments
        guard paragraphStart > checkpoint.fragmentCount, paragraphStart < fragments.count else { return false }
        return fragments[paragraphStart - 1].containerIndex < fragments[paragraphStart].containerIndex
    }
}
