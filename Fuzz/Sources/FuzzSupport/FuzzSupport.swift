import Foundation

/// libFuzzer's driver, linked from compiler-rt's `fuzzer_no_main` archive (Scripts/fuzz links it).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) private var fuzzTarget: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs libFuzzer with the process's arguments, calling `body` with each input; never returns.
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    fuzzTarget = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTarget?(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
    exit(status)
}
