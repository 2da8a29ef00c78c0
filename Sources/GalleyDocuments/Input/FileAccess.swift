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

    /// `path` as a file this access lets a request read, resolved against ``baseDirectory``: the one way a
    /// request's font file or picture becomes a path that is opened.
    ///
    /// - Throws: ``InputError`` saying the path is outside the readable folders, in the same words whether or not
    ///   the file exists (`key` names the option or key that gave it).
    public func allow(_ path: String, key: String) throws -> AllowedFile {
        do { return try allow(path) } catch { throw InputError(path: key, error.description) }
    }

    /// `path` as a file this access lets a request read (see ``allow(_:key:)``).
    ///
    /// - Throws: ``FileRefused`` for a path outside the readable folders.
    public func allow(_ path: String) throws(FileRefused) -> AllowedFile {
        guard permits(path) else { throw FileRefused(description: refusal(of: path)) }
        return AllowedFile(path: resolve(path), named: path)
    }

    /// The refusal of `path`, the one wording for pictures and fonts, from documents, options and rows alike.
    public func refusal(of path: String) -> String {
        "\(path.shortened(to: 200)) is outside the folders this input may read (\(readableFolders))"
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

/// A file a request named outside the folders its ``FileAccess`` lets it read.
public struct FileRefused: GalleyError {
    /// The refusal, naming the path as given and the folders that may be read.
    public let description: String
}

/// A path a ``FileAccess`` allowed: the only form in which a request's font files (``FontRequest/file``) and
/// pictures are opened, so that no path from a request can reach a file without passing the access.
public struct AllowedFile: Sendable, Equatable {
    /// The path to open: the one given, resolved against the access's base folder.
    public let path: String
    /// The path as the request gave it, for messages.
    public let named: String

    fileprivate init(path: String, named: String) {
        self.path = path
        self.named = named
    }
}
