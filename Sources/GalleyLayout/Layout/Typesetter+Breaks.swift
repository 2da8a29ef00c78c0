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
        let measurement: TextMeasurement.Builder
        let unlaidStart: Int?
        let isStopped: Bool
        let tableFrameCount: Int

        init(_ typesetter: Typesetter) {
            (fragmentCount, position, measurement) = (
                typesetter.fragments.count, typesetter.bands.position, typesetter.measurement
            )
            (unlaidStart, isStopped, tableFrameCount) = (
                typesetter.unlaidStart, typesetter.isStopped, typesetter.tableFrames.count
            )
        }
    }

    /// Back where `checkpoint` was taken: what was placed since is forgotten.
    mutating func restore(_ checkpoint: Checkpoint) {
        fragments.removeSubrange(checkpoint.fragmentCount...)
        tableFrames.removeSubrange(checkpoint.tableFrameCount...)
        bands.position = checkpoint.position
        (measurement, unlaidStart, isStopped) = (checkpoint.measurement, checkpoint.unlaidStart, checkpoint.isStopped)
    }

    /// Whether the heading placed from `checkpoint` ended in an earlier container than the paragraph after it,
    /// whose fragments start at `paragraphStart`, begins: then the heading moves on with it. A paragraph that left
    /// no fragment (past the last container) parts from nothing.
    func isParted(from checkpoint: Checkpoint, at paragraphStart: Int) -> Bool {
        guard paragraphStart > checkpoint.fragmentCount, paragraphStart < fragments.count else { return false }
        return fragments[paragraphStart - 1].containerIndex < fragments[paragraphStart].containerIndex
    }
}
