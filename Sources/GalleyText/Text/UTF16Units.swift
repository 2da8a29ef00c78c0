/// How UTF-8 maps onto Galley's UTF-16 index space.
package enum UTF8ToUTF16 {
    /// The UTF-16 length of the UTF-8 text `bytes`, calling `pairStart` with the UTF-16 offset of each scalar
    /// beyond the BMP (a surrogate pair). Every byte but a continuation byte starts a scalar: one unit, or two
    /// from the lead of four bytes.
    @inlinable package static func length(of bytes: UnsafeBufferPointer<UInt8>, pairStart: (Int) -> Void) -> Int {
        // Eight bytes at a time where they hold no four-byte lead (top four bits set): their units are the bytes
        // that are not continuations (top bits 10), counted at once. Each byte counts alone, so the words and
        // the bytes between them can be mixed. A branch per byte cost more than the rest of transcoding.
        guard let base = bytes.baseAddress else { return 0 }
        let high: UInt64 = 0x8080_8080_8080_8080
        var offset = 0, index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if word & (word << 1) & (word << 2) & (word << 3) & high == 0 {
                    // The continuations' top bits, one per byte, summed by a multiply (no popcount instruction
                    // in the baseline x86-64 the package is built for).
                    let continuations = (word & ~(word << 1) & high) >> 7
                    offset &+= 8 &- Int(truncatingIfNeeded: (continuations &* 0x0101_0101_0101_0101) >> 56)
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte >= 0xF0 {
                pairStart(offset)
                offset += 2
            } else if byte & 0xC0 != 0x80 {
                offset += 1
            }
            index += 1
        }
        return offset
    }
}

extension Array where Element == UInt16 {
    /// The UTF-16 code units of `string` (Galley's index space), transcoded from the string's own UTF-8 in two
    /// passes over its bytes: one to count, one to write. `Array(string.utf16)` first asks the view for its
    /// count, which for a non-ASCII string builds and keeps a table of the string's UTF-16 positions (an
    /// allocation and a scan), then copies unit by unit through the view.
    init(utf16Of string: String) {
        var string = string
        self = string.withUTF8 { bytes in
            let count = UTF8ToUTF16.length(of: bytes) { _ in }
            return [UInt16](unsafeUninitializedCapacity: count) { units, written in
                var index = 0
                while index < bytes.count {
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        units[written] = UInt16(lead)
                        written += 1
                        index += 1
                        continue
                    }
                    // A Swift string's UTF-8 is valid: the continuation bytes are there.
                    let second = UInt32(bytes[index + 1] & 0x3F)
                    if lead < 0xE0 {
                        units[written] = UInt16((lead & 0x1F) << 6 | second)
                        written += 1
                        index += 2
                    } else if lead < 0xF0 {
                        let third = UInt32(bytes[index + 2] & 0x3F)
                        units[written] = UInt16((lead & 0x0F) << 12 | second << 6 | third)
                        written += 1
                        index += 3
                    } else {
                        let third = UInt32(bytes[index + 2] & 0x3F), fourth = UInt32(bytes[index + 3] & 0x3F)
                        let value = ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth) - 0x10000
                        units[written] = UInt16(0xD800 | value >> 10)
                        units[written + 1] = UInt16(0xDC00 | value & 0x3FF)
                        written += 2
                        index += 4
                    }
                }
            }
        }
    }
}

/// Scans of UTF-16 text written for the compiler to vectorize.
@_spi(Stages) public enum UTF16Scan {
    /// Whether `units` holds `unit`. Every unit is compared, without stopping at the first match: a loop that can
    /// exit early is compared one unit at a time, this one many at once, and the texts asked (a paragraph, for a
    /// character it rarely holds) are mostly read to their end either way.
    @inlinable public static func contains(_ unit: UInt16, in units: UnsafeBufferPointer<UInt16>) -> Bool {
        containsAny(in: units) { $0 == unit ? 1 : 0 }
    }

    /// Whether `match` gives 1 for any of `units` (it gives 1 or 0, without a branch): every unit asked, for the
    /// compiler to ask many at once, as ``contains(_:in:)`` does.
    @inlinable
    public static func containsAny(in units: UnsafeBufferPointer<UInt16>, _ match: (UInt16) -> UInt16) -> Bool {
        var matches: UInt16 = 0
        for unit in units { matches |= match(unit) }
        return matches != 0
    }
}
