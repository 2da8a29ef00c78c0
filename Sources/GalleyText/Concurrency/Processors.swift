import Foundation

/// How many processors this process may run on: what Galley's parallel work (`galley measure`'s workers, PNG
/// compression) sizes itself by.
public enum Processors {
    /// The processors in the process's CPU affinity mask (`taskset`, a container's cpuset), which Foundation's
    /// `activeProcessorCount` ignores on Linux: a process pinned to one core runs one worker, not one per core
    /// of the machine competing for it. At least 1.
    public static var usable: Int {
        #if os(Linux)
            // A 1,024-processor mask, glibc's cpu_set_t.
            var mask = [UInt64](repeating: 0, count: 16)
            let size = mask.count * MemoryLayout<UInt64>.size
            if mask.withUnsafeMutableBytes({ sched_getaffinity(0, size, $0.baseAddress!) }) == 0 {
                let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
                if count > 0 { return count }
            }
        #endif
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}

#if os(Linux)
    /// glibc's `sched_getaffinity(2)`, declared here because the Glibc module is built without `_GNU_SOURCE`,
    /// which hides it.
    @_silgen_name("sched_getaffinity")
    private func sched_getaffinity(_ pid: Int32, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
#endif
