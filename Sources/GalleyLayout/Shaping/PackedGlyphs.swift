@_spi(Stages) import GalleyText

/// A cached word's glyphs in one allocation, 16 bytes a glyph where a ``ShapedGlyph`` takes 40: the glyph, its
/// cluster with the unsafe-to-break flag in its top bit, and its advance; the offsets once for the word when its
/// glyphs share them (most words: no glyph is moved), else per glyph beside. A worker's shape cache holds thousands
/// of words, and as shaped glyphs they were most of `galley measure`'s heap.
///
/// Never changed once made, so safe to share between threads (a managed buffer cannot say so itself).
final class PackedGlyphs: ManagedBuffer<PackedGlyphs.Header, PackedGlyphs.Glyph> {
    struct Header {
        let count: Int
        /// The x and y offsets every glyph has, when they share them bit for bit (a zero's sign included, so
        /// that every glyph comes back as it was shaped).
        let sharedOffsets: (x: Double, y: Double)
        /// Each glyph's x and y offsets in turn; empty when they share ``sharedOffsets``.
        let offsets: [Double]
    }

    struct Glyph {
        let glyphID: UInt32
        /// Bits 0–30 the cluster, bit 31 ``ShapedGlyph/isUnsafeToBreak``.
        let clusterAndFlag: UInt32
        let advance: Double

        static let unsafeToBreak: UInt32 = 1 << 31

        /// The glyph as shaped, its cluster moved by `distance`, with offsets `x` and `y`.
        @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
        func unpacked(movedBy distance: Int, x: Double, y: Double) -> ShapedGlyph {
            ShapedGlyph(
                glyphID: glyphID, cluster: Int(clusterAndFlag & ~Self.unsafeToBreak) + distance, advance: advance,
                xOffset: x, yOffset: y, isUnsafeToBreak: clusterAndFlag & Self.unsafeToBreak != 0)
        }
    }

    /// `glyphs` packed; nil when a cluster is negative or does not fit in 31 bits.
    static func make(_ glyphs: [ShapedGlyph]) -> PackedGlyphs? {
        guard glyphs.allSatisfy({ $0.cluster >= 0 && $0.cluster < Int(Glyph.unsafeToBreak) }) else { return nil }
        let first: (x: Double, y: Double) = glyphs.first.map { ($0.xOffset, $0.yOffset) } ?? (0, 0)
        let shared = glyphs.allSatisfy {
            $0.xOffset.bitPattern == first.x.bitPattern && $0.yOffset.bitPattern == first.y.bitPattern
        }
        let header = Header(
            count: glyphs.count, sharedOffsets: first,
            offsets: shared ? [] : glyphs.flatMap { [$0.xOffset, $0.yOffset] })
        let buffer = create(minimumCapacity: glyphs.count) { _ in header }
        buffer.withUnsafeMutablePointerToElements { elements in
            for (index, glyph) in glyphs.enumerated() {
                (elements + index).initialize(
                    to: Glyph(
                        glyphID: glyph.glyphID,
                        clusterAndFlag: UInt32(glyph.cluster) | (glyph.isUnsafeToBreak ? Glyph.unsafeToBreak : 0),
                        advance: glyph.advance))
            }
        }
        return unsafeDowncast(buffer, to: PackedGlyphs.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }

    /// The glyphs unpacked, their clusters moved by `distance` UTF-16 units, appended to `output`.
    func append(to output: inout [ShapedGlyph], movedBy distance: Int) {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            let shared = header.pointee.sharedOffsets
            // Unpacked into scratch space on the stack, then copied at once: appended one by one, each glyph paid
            // the array's checks.
            withUnsafeTemporaryAllocation(of: ShapedGlyph.self, capacity: count) { unpacked in
                guard let target = unpacked.baseAddress else { return }
                header.pointee.offsets.withUnsafeBufferPointer { offsets in
                    // Two loops, so that the commonest (shared offsets) tests nothing per glyph.
                    if offsets.isEmpty {
                        for index in 0..<count {
                            (target + index).initialize(
                                to: elements[index].unpacked(movedBy: distance, x: shared.x, y: shared.y))
                        }
                    } else {
                        for index in 0..<count {
                            (target + index).initialize(
                                to: elements[index].unpacked(
                                    movedBy: distance, x: offsets[2 * index], y: offsets[2 * index + 1]))
                        }
                    }
                }
                output.append(contentsOf: UnsafeBufferPointer(unpacked))
            }
        }
    }
}
