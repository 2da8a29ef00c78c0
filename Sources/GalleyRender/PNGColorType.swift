import CPNG
import GalleyLayout
@_spi(Stages) import GalleyText

/// How a PNG stores its pixels, chosen per image as the smallest form that keeps every pixel exact (what
/// `optipng`'s reductions reach): grey levels when every pixel is an opaque grey, a palette when the image has at
/// most 256 colours, RGB when every pixel is opaque, RGBA otherwise. Grey and palette take one byte a pixel where
/// RGB takes three, so deflate has a third as much to read.
enum PNGColorType: Equatable, Sendable {
    case grey
    /// The image's colours, 8-bit straight-alpha RGBA as in memory (red in the low byte): those not opaque first
    /// (so the tRNS chunk stops at the last of them), each group in ascending order.
    case palette([UInt32])
    case rgb
    case rgba

    /// The type for an image whose distinct colours (straight-alpha RGBA as in memory) are `colors`, or nil when
    /// they are more than 256; `hasAlpha` says whether the image was drawn over a background that is not opaque.
    init(colors: [UInt32]?, hasAlpha: Bool) {
        guard let colors, !colors.isEmpty, colors.count <= 256 else {
            self = hasAlpha ? .rgba : .rgb
            return
        }
        if colors.allSatisfy(Self.isOpaqueGrey) {
            self = .grey
        } else {
            self = .palette(colors.sorted { (Self.isOpaque($0) ? 1 : 0, $0) < (Self.isOpaque($1) ? 1 : 0, $1) })
        }
    }

    /// Bytes each pixel takes in a row.
    var channels: Int {
        switch self {
        case .grey, .palette: 1
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// For each of `colors` (up to 256, a band's own), the four bytes ``channels`` of which are written for a
    /// pixel of that colour: its grey level, its index in the palette, or the colour itself; 1,024 bytes.
    func table(for colors: [UInt32]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 1024)
        var indices: [UInt32: UInt32] = [:]
        if case .palette(let palette) = self {
            for (index, color) in palette.enumerated() { indices[color] = UInt32(index) }
        }
        for (slot, color) in colors.enumerated() {
            // A grey's level is its red byte, the first.
            let entry = indices.isEmpty ? color : indices[color] ?? 0
            for byte in 0..<4 { table[slot * 4 + byte] = UInt8(truncatingIfNeeded: entry >> (8 * byte)) }
        }
        return table
    }

    /// `body` given this type as the C shim's format.
    func withFormat<Result>(_ body: (UnsafePointer<CPNG_format>) throws -> Result) rethrows -> Result {
        let colorType: Int32
        switch self {
        case .grey: colorType = Int32(CPNG_COLOR_GREY)
        case .rgb: colorType = Int32(CPNG_COLOR_RGB)
        case .rgba: colorType = Int32(CPNG_COLOR_RGBA)
        case .palette(let palette):
            return try palette.withUnsafeBytes { entries in
                let format = CPNG_format(
                    colorType: Int32(CPNG_COLOR_PALETTE), palette: entries.bindMemory(to: UInt8.self).baseAddress,
                    paletteCount: Int32(palette.count))
                return try withUnsafePointer(to: format) { try body($0) }
            }
        }
        return try withUnsafePointer(to: CPNG_format(colorType: colorType, palette: nil, paletteCount: 0)) {
            try body($0)
        }
    }

    private static func isOpaque(_ color: UInt32) -> Bool { color >> 24 == 0xFF }

    private static func isOpaqueGrey(_ color: UInt32) -> Bool {
        isOpaque(color) && color & 0xFF == (color >> 8) & 0xFF && color & 0xFF == (color >> 16) & 0xFF
    }
}

/// A band of 8-bit RGBA pixels as one-byte indices into its own colours: how a band is kept while the image's
/// colour type waits on the bands not yet drawn.
struct IndexedBand: Sendable {
    /// The band's distinct colours in the order first met, as in memory (red in the low byte); at most 256.
    let colors: [UInt32]
    /// Each pixel's index into ``colors``, row after row.
    let indices: [UInt8]

    /// `pixels` (RGBA, 4 bytes a pixel, a whole number of pixels) indexed, or nil when they hold more than 256
    /// colours.
    init?(_ pixels: UnsafeRawBufferPointer) {
        let count = pixels.count / 4
        var colors: [UInt32] = []
        colors.reserveCapacity(256)
        var overflowed = false
        let indices = [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
            // Open addressing over 4,096 slots (at most a sixteenth full), each the colour in its low half and its
            // index + 1 in its high half (0: empty). A colour is almost always in its first slot, so every pixel takes
            // the same few instructions and no branch is mispredicted: following runs of one colour pixel by pixel
            // instead lost more at their ends, which no branch predicts, than it saved inside them. Sixteen pixels at
            // a time are first compared with the colour last indexed: the page around and between the lines (most
            // of a note) takes one comparison and one store a block, and a block of text goes through the slots.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4096) { slots in
                slots.initialize(repeating: 0)
                guard let index = indices.baseAddress else { return }
                var lastColor = pixels.isEmpty ? 0 : pixels.loadUnaligned(as: UInt32.self) ^ 1
                var lastIndex: UInt8 = 0
                var pixel = 0
                while pixel < count {
                    if pixel + Self.block <= count, Self.isBlock(of: lastColor, at: pixel * 4, in: pixels) {
                        UnsafeMutableRawPointer(index + pixel).storeBytes(
                            of: SIMD16(repeating: lastIndex), as: SIMD16<UInt8>.self)
                        pixel += Self.block
                        continue
                    }
                    for pixel in pixel..<min(count, pixel + Self.block) {
                        let color = pixels.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                        var slot = Int((color &* 0x9E37_79B1) >> 20)
                        var entry = slots[slot]
                        if _slowPath(entry == 0 || UInt32(truncatingIfNeeded: entry) != color) {
                            while slots[slot] != 0, UInt32(truncatingIfNeeded: slots[slot]) != color {
                                slot = (slot + 1) & 4095
                            }
                            if slots[slot] == 0 {
                                guard colors.count < 256 else {
                                    overflowed = true
                                    return
                                }
                                colors.append(color)
                                slots[slot] = UInt64(colors.count) << 32 | UInt64(color)
                            }
                            entry = slots[slot]
                        }
                        lastIndex = UInt8(truncatingIfNeeded: (entry >> 32) - 1)
                        lastColor = color
                        index[pixel] = lastIndex
                    }
                    pixel += Self.block
                }
            }
            initialized = overflowed ? 0 : count
        }
        guard !overflowed else { return nil }
        self.colors = colors
        self.indices = indices
    }

    /// The pixels compared with the last colour at once.
    private static let block = 16

    /// Whether the 16 pixels from byte `offset` of `pixels` are all `color`: eight 8-byte words compared with two
    /// pixels of it, their differences joined, one branch.
    private static func isBlock(of color: UInt32, at offset: Int, in pixels: UnsafeRawBufferPointer) -> Bool {
        let pair = UInt64(color) << 32 | UInt64(color)
        var difference: UInt64 = 0
        for word in 0..<8 {
            difference |= pixels.loadUnaligned(fromByteOffset: offset + word * 8, as: UInt64.self) ^ pair
        }
        return difference == 0
    }
}
