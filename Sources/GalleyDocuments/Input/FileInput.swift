import Galley

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files and standard input through one checked path: only regular files (standard input may also
/// be a pipe or a terminal), never past a byte limit, and every failure (a directory, a FIFO or device, a closed
/// standard input, a read error) an ``InputError`` naming the input instead of a crash or a hang.
public struct FileInput {
    /// The file descriptor being read.
    private let descriptor: Int32
    /// Whether ``descriptor`` was opened here (and is closed by ``close()``).
    private let owned: Bool
    /// How the input is named in errors: its path, or "standard input".
    public let name: String

    /// Opens `path` for reading (`-`: standard input).
    ///
    /// - Throws: ``InputError`` for a missing file, a directory, a file that is not regular (FIFO, device,
    ///   socket), a standard input that is closed or a directory, or one that cannot be opened.
    public init(path: String) throws {
        var status = stat()
        if path == "-" {
            name = "standard input"
            descriptor = 0
            owned = false
            guard fstat(0, &status) == 0 else { throw InputError("standard input is closed") }
            guard status.st_mode & S_IFMT != S_IFDIR else { throw InputError("standard input is a directory") }
            return
        }
        name = path
        switch FileRefusal.check(path) {
        case nil, .tooLarge: break  // the size is checked while reading, which stops at the limit
        case let refusal?: throw InputError("\(path): \(refusal.reason)")
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw InputError("\(path): cannot be read (\(Self.reason(errno)))") }
        descriptor = opened
        owned = true
    }

    /// Up to `count` bytes; empty at the end of the input.
    ///
    /// - Throws: ``InputError`` when reading fails.
    public func read(upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
            if read >= 0 {
                bytes.removeSubrange(read...)
                return bytes
            }
            if errno == EINTR { continue }
            throw InputError("\(name): read failed (\(Self.reason(errno)))")
        }
    }

    /// The whole input, refusing one longer than `limit` bytes after reading at most `limit + 1` of them.
    ///
    /// - Throws: ``InputError`` naming the limit, or a read failure.
    public func readAll(limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk = try read(upTo: min(1 << 16, limit + 1 - bytes.count))
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
        throw InputError("\(name): larger than the \(limit)-byte input limit")
    }

    /// Closes a file opened by ``init(path:)`` (standard input stays open).
    public func close() {
        if owned { _ = Glibc.close(descriptor) }
    }

    /// The C library's words for an `errno` value.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
