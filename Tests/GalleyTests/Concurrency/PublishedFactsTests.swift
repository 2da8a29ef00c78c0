import Dispatch
import Synchronization
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// Facts published once and read without a lock give every thread the same answers.
@Suite struct PublishedFactsTests {
    @Test func aValuePublishedOnceIsTheOneEveryThreadReads() {
        let once = PublishedOnce<[Int]>()
        let made = Atomic(0)
        let seen = Mutex<Set<[Int]>>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let value = once.value {
                made.add(1, ordering: .relaxed)
                return [index, index * 2]
            }
            seen.withLock { _ = $0.insert(value) }
            #expect(once.read(orMaking: { [] }) { $0 } == value)
        }
        #expect(seen.withLock { $0.count } == 1, "every thread reads the value that was published")
        #expect(made.load(ordering: .relaxed) >= 1)
    }

    @Test func asciiAnswersAreUnknownUntilLearntAndThenAsLearnt() {
        let answers = ASCIIAnswers()
        for value in UInt32(0)..<128 { #expect(answers.answer(for: value) == nil) }
        // Learnt from several threads at once, each character its own answer (odd characters yes).
        DispatchQueue.concurrentPerform(iterations: 128) { value in
            answers.store(value % 2 == 1, for: UInt32(value))
        }
        for value in UInt32(0)..<128 { #expect(answers.answer(for: value) == (value % 2 == 1), "U+\(value)") }
    }
}
