import ArgumentParser
import GalleyDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output and standard error through one checked path (`write(2)`), so that a closed stream, a full disk
/// or a reader that went away is a one-line error and exit status 1, never a crash: `FileHandle` raises an
/// Objective-C exception there, which on Linux aborts the process.
enum StandardOutput {
    /// Writes `text` to standard output.
    ///
    /// - Throws: `ExitCode.failure` (quietly) when the reader of a pipe has gone (EPIPE, with SIGPIPE ignored);
    ///   ``InputError`` naming the cause for any other failure (a closed descriptor, no space left…).
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && errno == EPIPE { throw ExitCode.failure }
                let reason = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
                throw InputError("cannot write to standard output (\(reason))")
            }
        }
    }

    /// Writes `text` and a newline to standard output, as `print` does.
    static func line(_ text: String) throws { try write(text + "\n") }

    /// Writes `text` to standard error, ignoring failure: there is nowhere left to report it.
    static func error(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if !(written < 0 && errno == EINTR) {
                    return
                }
            }
        }
    }
}
