import Foundation

/// libFuzzer's driver, linked from compiler-rt's `fuzzer_no_main` archive (Scripts/fuzz links it).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) private var fuzzTarget: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs libFuzzer with the process's arguments, calling `body` with each input; never returns. `warmUp` runs first
/// with LeakSanitizer looking away: what the process makes once and keeps for good (cairo 1.16 keeps ~300 bytes of
/// FreeType's for each variable font's face, which Galley makes once per process) is not a leak of an input.
public func runFuzzer(warmUp: () -> Void = {}, _ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    withLeakCheckingOff(warmUp)
    fuzzTarget = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTarget?(UnsafeBufferPointer(start: data, count: size))
        return 0
    }
    exit(status)
}

/// `body` run while LeakSanitizer ignores what is allocated (`__lsan_disable`/`__lsan_enable`, looked up at run
/// time: a build without the sanitizer has neither).
private func withLeakCheckingOff(_ body: () -> Void) {
    typealias Toggle = @convention(c) () -> Void
    let handle = dlopen(nil, RTLD_NOW)
    let disable = dlsym(handle, "__lsan_disable").map { unsafeBitCast($0, to: Toggle.self) }
    let enable = dlsym(handle, "__lsan_enable").map { unsafeBitCast($0, to: Toggle.self) }
    disable?()
    body()
    enable?()
}
