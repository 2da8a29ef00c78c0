#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What stands in the way of reading a path as an input file (text, fonts, pictures), found with `stat` before
/// the file is opened: opening a FIFO for reading would block until a writer came, reading a device never end.
package enum FileRefusal: Equatable, Sendable {
    /// `stat` failed; `errno` says why (`ENOENT`: there is no such file).
    case unavailable(errno: Int32)
    /// It is a directory.
    case directory
    /// It is a FIFO, a device or a socket.
    case special
    /// It has more bytes than the limit it was checked against.
    case tooLarge(bytes: Int, limit: Int)

    /// Why the file cannot be read, in the one wording every reader of input files uses: "no such file", "it is a
    /// directory, not a file", "it is not a regular file (a FIFO, device or socket)", "N bytes, over the limit of
    /// M bytes", or the system's reason.
    package var reason: String {
        switch self {
        case .unavailable(let code): return code == ENOENT ? "no such file" : String(cString: strerror(code))
        case .directory: return "it is a directory, not a file"
        case .special: return "it is not a regular file (a FIFO, device or socket)"
        case .tooLarge(let bytes, let limit): return "\(bytes) bytes, over the limit of \(limit) bytes"
        }
    }

    /// Why the file at `path` cannot be read as input, or nil when it is a regular file of at most `byteLimit`
    /// bytes.
    package static func check(_ path: String, byteLimit: Int = .max) -> FileRefusal? {
        var status = stat()
        guard stat(path, &status) == 0 else { return .unavailable(errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return Int(status.st_size) <= byteLimit ? nil : .tooLarge(bytes: Int(status.st_size), limit: byteLimit)
        case S_IFDIR: return .directory
        default: return .special
        }
    }
}

/// A file as the system knows it, whatever path names it: `a/./b`, a symbolic link and a hard link to one file
/// have one identity. Caches keyed by paths a user writes key by this instead, so spellings cannot multiply them.
package struct FileIdentity: Hashable, Sendable {
    /// The device holding the file.
    package let device: UInt64
    /// The file's inode on that device.
    package let inode: UInt64

    /// The identity of the file at `path` (links followed), or nil when `stat` fails.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
