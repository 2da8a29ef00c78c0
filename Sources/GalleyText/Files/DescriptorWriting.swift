#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to a file descriptor with `write(2)` until every byte is out: the one loop behind image files and the
/// command line's standard output and error.
package enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`, retrying after signals (`EINTR`); nil when all were written, else
    /// the `errno` of the failure (0 when a write wrote nothing).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if !(written < 0 && errno == EINTR) {
                return written < 0 ? errno : 0
            }
        }
        return nil
    }
}
