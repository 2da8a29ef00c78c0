import Synchronization

/// The limits Galley enforces on what it is given, each broken with an error that names it; the library user may
/// change them for the whole process through ``current``.
///
/// ```swift
/// var limits = Limits.current
/// limits.imagePixels = 200_000_000      // allow bigger posters
/// Limits.current = limits
/// ```
///
/// Set them once at start-up: reads are cheap and thread-safe, but work already under way keeps the values it read.
public struct Limits: Hashable, Sendable {
    /// Font sizes, in points.
    public var fontSize: ClosedRange<Double> = 0.01...10_000
    /// A text container's width and height, in points.
    public var containerSize = 1_000_000.0
    /// Segments in one path (from SVG path data or exclusion paths).
    public var pathSegments = 100_000
    /// A path coordinate's distance from the origin, in points.
    public var pathCoordinate = 1_000_000.0
    /// UTF-16 units in one paragraph.
    public var paragraphLength = 1 << 20
    /// Pixels in one image.
    public var imagePixels = 50_000_000
    /// Pixels along one side of an image (PNG and cairo-style consumers choke beyond 65,535).
    public var imageSide = 65_535
    /// Chords the exclusion paths of one container are cut into for layout (each curve takes up to 1,000).
    public var flattenedSegments = 2_000_000
    /// Bytes in one font file (Noto Sans CJK's collection is 20 MB, Noto Color Emoji's 10 MB).
    public var fontFileBytes = 128 << 20
    /// Pixels in one image read from a file (attachments, pictures text wraps around): 4096 × 4096.
    public var inputImagePixels = 1 << 24
    /// Bytes in one image file.
    public var imageFileBytes = 64 << 20
    /// Nesting levels of one list item (``ParagraphStyle/textLists``).
    public var listNesting = 16

    /// The default limits.
    public init() {}

    private static let stored = PublishedLimits(Limits())

    /// The limits in force for the process.
    public static var current: Limits {
        get { stored.load() }
        set { stored.store(newValue) }
    }
}

/// ``Limits`` published for readers without a lock: a sequence lock, as the Linux kernel's seqlock. A writer (one at a
/// time, under a lock) makes the version odd, stores every field, and makes it even again; a reader loads the
/// version, the fields and the version again, and reads again when the two differ or the version was odd, so it
/// never sees half of one value and half of another. Every measured row reads the limits two or three times, from
/// every worker: a lock for each read cost about 200 instructions, a twentieth of re-measuring a prepared row, and
/// made the workers wait on each other.
final class PublishedLimits: Sendable {
    private let version = Atomic<UInt64>(0)
    private let writer = Locked(())
    // One word per field of `Limits`, in declaration order (`LimitsTests` check that none is left out).
    private let fontSizeLower: Atomic<UInt64>, fontSizeUpper: Atomic<UInt64>, containerSize: Atomic<UInt64>
    private let pathSegments: Atomic<UInt64>, pathCoordinate: Atomic<UInt64>, paragraphLength: Atomic<UInt64>
    private let imagePixels: Atomic<UInt64>, imageSide: Atomic<UInt64>, flattenedSegments: Atomic<UInt64>
    private let fontFileBytes: Atomic<UInt64>, inputImagePixels: Atomic<UInt64>, imageFileBytes: Atomic<UInt64>
    private let listNesting: Atomic<UInt64>

    init(_ limits: Limits) {
        fontSizeLower = Atomic(limits.fontSize.lowerBound.bitPattern)
        fontSizeUpper = Atomic(limits.fontSize.upperBound.bitPattern)
        containerSize = Atomic(limits.containerSize.bitPattern)
        pathSegments = Atomic(Self.word(limits.pathSegments))
        pathCoordinate = Atomic(limits.pathCoordinate.bitPattern)
        paragraphLength = Atomic(Self.word(limits.paragraphLength))
        imagePixels = Atomic(Self.word(limits.imagePixels))
        imageSide = Atomic(Self.word(limits.imageSide))
        flattenedSegments = Atomic(Self.word(limits.flattenedSegments))
        fontFileBytes = Atomic(Self.word(limits.fontFileBytes))
        inputImagePixels = Atomic(Self.word(limits.inputImagePixels))
        imageFileBytes = Atomic(Self.word(limits.imageFileBytes))
        listNesting = Atomic(Self.word(limits.listNesting))
    }

    /// The limits last stored, whole.
    func load() -> Limits {
        while true {
            let before = version.load(ordering: .acquiring)
            var limits = Limits()
            limits.fontSize = ClosedRange(
                uncheckedBounds: (
                    Double(bitPattern: fontSizeLower.load(ordering: .relaxed)),
                    Double(bitPattern: fontSizeUpper.load(ordering: .relaxed))
                ))
            limits.containerSize = Double(bitPattern: containerSize.load(ordering: .relaxed))
            limits.pathSegments = Self.int(pathSegments)
            limits.pathCoordinate = Double(bitPattern: pathCoordinate.load(ordering: .relaxed))
            limits.paragraphLength = Self.int(paragraphLength)
            limits.imagePixels = Self.int(imagePixels)
            limits.imageSide = Self.int(imageSide)
            limits.flattenedSegments = Self.int(flattenedSegments)
            limits.fontFileBytes = Self.int(fontFileBytes)
            limits.inputImagePixels = Self.int(inputImagePixels)
            limits.imageFileBytes = Self.int(imageFileBytes)
            limits.listNesting = Self.int(listNesting)
            atomicMemoryFence(ordering: .acquiring)
            if before & 1 == 0, version.load(ordering: .relaxed) == before { return limits }
        }
    }

    /// Publishes `limits` in place of the ones stored.
    func store(_ limits: Limits) {
        writer.withLock { _ in
            let before = version.load(ordering: .relaxed)
            version.store(before &+ 1, ordering: .relaxed)
            atomicMemoryFence(ordering: .releasing)
            fontSizeLower.store(limits.fontSize.lowerBound.bitPattern, ordering: .relaxed)
            fontSizeUpper.store(limits.fontSize.upperBound.bitPattern, ordering: .relaxed)
            containerSize.store(limits.containerSize.bitPattern, ordering: .relaxed)
            pathSegments.store(Self.word(limits.pathSegments), ordering: .relaxed)
            pathCoordinate.store(limits.pathCoordinate.bitPattern, ordering: .relaxed)
            paragraphLength.store(Self.word(limits.paragraphLength), ordering: .relaxed)
            imagePixels.store(Self.word(limits.imagePixels), ordering: .relaxed)
            imageSide.store(Self.word(limits.imageSide), ordering: .relaxed)
            flattenedSegments.store(Self.word(limits.flattenedSegments), ordering: .relaxed)
            fontFileBytes.store(Self.word(limits.fontFileBytes), ordering: .relaxed)
            inputImagePixels.store(Self.word(limits.inputImagePixels), ordering: .relaxed)
            imageFileBytes.store(Self.word(limits.imageFileBytes), ordering: .relaxed)
            listNesting.store(Self.word(limits.listNesting), ordering: .relaxed)
            version.store(before &+ 2, ordering: .releasing)
        }
    }

    private static func word(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64(value)) }

    private static func int(_ word: borrowing Atomic<UInt64>) -> Int {
        Int(Int64(bitPattern: word.load(ordering: .relaxed)))
    }
}
