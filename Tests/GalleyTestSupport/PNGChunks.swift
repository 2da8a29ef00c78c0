import Foundation

/// Reads the chunks of a PNG file, for tests that check what was written around the pixels.
enum PNGChunks {
    /// The data of each chunk of `type`, in file order.
    static func all(_ type: String, in png: Data) -> [Data] {
        let bytes = [UInt8](png)
        var offset = 8, found: [Data] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type {
                found.append(Data(bytes[offset + 8..<offset + 8 + length]))
            }
            offset += 12 + length
        }
        return found
    }

    /// The data of the first chunk of `type`.
    static func first(_ type: String, in png: Data) -> Data? { all(type, in: png).first }
}
