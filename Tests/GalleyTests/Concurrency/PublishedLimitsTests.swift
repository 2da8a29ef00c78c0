import Foundation
import Synchronization
import Testing

@testable import Galley

/// `Limits.current` is read without a lock: what one thread stores, every thread reads whole.
@Suite struct PublishedLimitsTests {
    /// Limits with every field away from its default, by `step`.
    static func limits(_ step: Int) -> Limits {
        var limits = Limits()
        limits.fontSize = (0.5 + Double(step))...(500 + Double(step))
        limits.containerSize = 2_000 + Double(step)
        limits.pathSegments = 3_000 + step
        limits.pathCoordinate = 4_000 + Double(step)
        limits.paragraphLength = 5_000 + step
        limits.imagePixels = 6_000 + step
        limits.imageSide = 7_000 + step
        limits.flattenedSegments = 8_000 + step
        limits.fontFileBytes = 9_000 + step
        limits.inputImagePixels = 10_000 + step
        limits.imageFileBytes = 11_000 + step
        limits.listNesting = 12 + step
        return limits
    }

    /// Every field is published: a field added to `Limits` must be added here and to `PublishedLimits`.
    @Test func everyFieldComesBack() {
        let fields = Mirror(reflecting: Limits()).children.compactMap(\.label)
        #expect(
            fields == [
                "fontSize", "containerSize", "pathSegments", "pathCoordinate", "paragraphLength", "imagePixels",
                "imageSide", "flattenedSegments", "fontFileBytes", "inputImagePixels", "imageFileBytes", "listNesting",
            ])
        let published = PublishedLimits(Limits())
        #expect(published.load() == Limits())
        for step in [1, -3, 1 << 40] {
            published.store(Self.limits(step))
            #expect(published.load() == Self.limits(step))
        }
    }

    /// One thread stores two values in turn for as long as two others read: each read is one value or the other.
    @Test func readersNeverSeePartsOfTwoValues() {
        let first = Self.limits(1), second = Self.limits(2)
        let published = PublishedLimits(first)
        let mixed = Atomic<Int>(0), readersDone = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                var round = 0
                while readersDone.load(ordering: .relaxed) < 2 {
                    published.store(round % 2 == 0 ? second : first)
                    round += 1
                    // A pause between stores, so that reads also finish (a writer storing without one starves
                    // them: each read starts over).
                    for _ in 0..<64 where readersDone.load(ordering: .relaxed) < 0 {}
                }
            } else {
                for _ in 0..<50_000 {
                    let read = published.load()
                    if read != first && read != second { mixed.add(1, ordering: .relaxed) }
                }
                readersDone.add(1, ordering: .relaxed)
            }
        }
        #expect(mixed.load(ordering: .relaxed) == 0)
    }
}
