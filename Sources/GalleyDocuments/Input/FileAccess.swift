import Foundation
import Galley

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files a document may read (pictures, font files): those inside its own folder and below, and inside any
/// folder the user allows (`--allow-dir`), judged after symbolic links are resolved. A document from an untrusted
/// source cannot embed `/etc/…` or `~/.ssh/…` in an image, nor learn whether such a file exists: a path outside
/// the folders is refused with the same words whether or not it exists.
public struct FileAccess: Sendable {
    /// The folder relative paths start from, usually the document's own; nil is the working directory.
    public var baseDirectory: String?
    /// Further folders whose files (and their subfolders') documents may read.
    public var allowedDirectories: [String]
    /// Whether every path is allowed (the folders are then only where relative paths start).
    public var isUnrestricted = false
    /// Whether files under ``baseDirectory`` may be read; false for a document that has no folder of its own (one
    /// sent to `galley serve`), which reads from ``allowedDirectories`` alone.
    public var readsBaseDirectory = true
    /// The folders a document may read, in the words refusals use.
    public var readableFolders = "its own folder and those given with --allow-dir"

    /// Access to `baseDirectory` (nil: the working directory) and `allowedDirectories`, and below them.
    public init(baseDirectory: String? = nil, allowing allowedDirectories: [String] = []) {
        self.baseDirectory = baseDirectory
        self.allowedDirectories = allowedDirectories
    }

    /// Access to every file the process can read, relative paths starting in `baseDirectory`: for documents the
    /// program wrote itself.
    public static func unrestricted(baseDirectory: String? = nil) -> FileAccess {
        var access = FileAccess(baseDirectory: baseDirectory)
        access.isUnrestricted = true
        return access
    }

    /// Access to `allowedDirectories` alone, relative paths starting in the first of them; none at all when there
    /// are none: for documents from a client of `galley serve`, which have no folder of their own.
    public static func only(_ allowedDirectories: [String]) -> FileAccess {
        var access = FileAccess(baseDirectory: allowedDirectories.first, allowing: allowedDirectories)
        access.readsBaseDirectory = false
        access.readableFolders = "the folders the service allows (galley serve --allow-dir)"
        return access
    }

    /// `path` resolved against ``baseDirectory`` unless it is absolute.
    public func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let baseDirectory, !baseDirectory.isEmpty else { return path }
        return (baseDirectory as NSString).appendingPathComponent(path)
    }

    /// Whether the file at `path` (resolved by ``resolve(_:)``) lies inside an allowed folder once symbolic links
    /// are followed; a file that does not exist is judged by where it would be.
    public func permits(_ path: String) -> Bool {
        if isUnrestricted { return true }
        guard let target = Self.realLocation(of: resolve(path)) else { return false }
        let base = baseDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let roots = ((readsBaseDirectory ? [base] : []) + allowedDirectories).compactMap { Self.realPath($0) }
        return roots.contains { root in
            root == "/" || target == root || target.hasPrefix(root + "/")
        }
    }

    /// Why the font file at `path` may not be read, or nil when ``permits(_:)`` allows it: the one wording of the
    /// refusal for a document's `"file"` and for `galley serve`'s `?font=`.
    public func refusal(ofFontFile path: String) -> String? {
        permits(path) ? nil : "font file \(path) is outside the folders the document may read (\(readableFolders))"
    }

    /// Where `path` is or would be: its longest existing prefix with links and `..` resolved by the system, then
    /// the rest; nil when the rest climbs with `..` (the system would refuse it anyway).
    static func realLocation(of path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        while true {
            if let real = realPath("/" + components.joined(separator: "/")) {
                guard !missing.contains("..") else { return nil }
                if missing.isEmpty { return real }
                return (real == "/" ? "" : real) + "/" + missing.reversed().joined(separator: "/")
            }
            guard let last = components.popLast() else { return nil }
            missing.append(last)
        }
    }

    /// The system's canonical form of an existing path; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
