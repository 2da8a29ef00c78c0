/// Numbers in a font table's bytes, big-endian as OpenType stores every number; nil where one would run past the
/// bytes (or start before them), so a damaged table reads as missing rather than out of bounds.
enum OpenTypeBytes {
    /// The unsigned 16-bit number at `offset`.
    static func uint16<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> Int?
    where Bytes.Index == Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let start = bytes.startIndex + offset
        return Int(bytes[start]) << 8 | Int(bytes[start + 1])
    }

    /// The signed 16-bit number at `offset`.
    static func int16<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> Int?
    where Bytes.Index == Int {
        uint16(bytes, at: offset).map { Int(Int16(bitPattern: UInt16($0))) }
    }

    /// The unsigned 32-bit number at `offset`.
    static func uint32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> Int?
    where Bytes.Index == Int {
        guard let high = uint16(bytes, at: offset), let low = uint16(bytes, at: offset + 2) else { return nil }
        return high << 16 | low
    }
}
