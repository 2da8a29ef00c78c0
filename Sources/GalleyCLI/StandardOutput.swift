import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

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
    /// - Throws: ``QuietFailure`` when the reader of a pipe has gone (EPIPE, with SIGPIPE ignored);
    ///   ``InputError`` naming the cause for any other failure (a closed descriptor, no space left…).
    static func write(_ text: String) throws {
        try report(writeAll(text, to: 1))
    }

    /// Throws for a write to standard output that ended in `failure` (an `errno`; nil when it succeeded).
    private static func report(_ failure: Int32?) throws {
        guard let failure else { return }
        if failure == EPIPE { throw QuietFailure() }
        let reason = failure == 0 ? "nothing was written" : String(cString: strerror(failure))
        throw InputError("cannot write to standard output (\(reason))")
    }

    /// Writes `bytes` (an image) to standard output.
    ///
    /// - Throws: as writing text does.
    static func write(_ bytes: Data) throws {
        try report(bytes.withUnsafeBytes { DescriptorWriting.writeAll($0, to: 1) })
    }

    /// Writes `text` and a newline to standard output, as `print` does.
    static func line(_ text: String) throws { try write(text + "\n") }

    /// Writes `text` to standard error, ignoring failure: there is nowhere left to report it.
    static func error(_ text: String) { _ = writeAll(text, to: 2) }

    /// Writes all of `text` to `descriptor`; nil when it was all written, else the `errno` of the failure.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { DescriptorWriting.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
