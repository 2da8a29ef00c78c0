import Synchronization

/// A yes or no for each of the 128 ASCII characters, each learnt once, read and written by any thread without a
/// lock: a word of bits for the characters known and one for their answers, each for U+0000…U+003F and
/// U+0040…U+007F.
struct ASCIIAnswers: ~Copyable, Sendable {
    private let knownLow = Atomic<UInt64>(0), knownHigh = Atomic<UInt64>(0)
    private let yesLow = Atomic<UInt64>(0), yesHigh = Atomic<UInt64>(0)

    init() {}

    /// The answer learnt for U+`value` (below 128), or nil before one is.
    func answer(for value: UInt32) -> Bool? {
        let bit = UInt64(1) << (value & 63)
        let known = value < 64 ? knownLow.load(ordering: .acquiring) : knownHigh.load(ordering: .acquiring)
        guard known & bit != 0 else { return nil }
        let yes = value < 64 ? yesLow.load(ordering: .relaxed) : yesHigh.load(ordering: .relaxed)
        return yes & bit != 0
    }

    /// Learns `answer` for U+`value` (below 128): the answer first, then that it is known (released), so a reader
    /// that sees it known reads the answer.
    func store(_ answer: Bool, for value: UInt32) {
        precondition(value < 128, "an ASCII character")
        let bit = UInt64(1) << (value & 63)
        if answer, value < 64 { yesLow.bitwiseOr(bit, ordering: .relaxed) }
        if answer, value >= 64 { yesHigh.bitwiseOr(bit, ordering: .relaxed) }
        if value < 64 {
            knownLow.bitwiseOr(bit, ordering: .releasing)
        } else {
            knownHigh.bitwiseOr(bit, ordering: .releasing)
        }
    }
}
