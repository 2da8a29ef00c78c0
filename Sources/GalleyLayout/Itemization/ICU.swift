import CICU
@_spi(Stages) import GalleyText

/// The one place ICU status codes become Swift errors.
enum ICU {
    /// Throws ``ICUError`` when `status` is a failure (warnings, which are negative, pass). The operation's name
    /// is only made then.
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws {
        guard status > 0 else { return }
        throw ICUError(operation: operation(), code: String(cString: CICU_errorName(status)))
    }
}

/// An ICU call failed; `code` is ICU's name for the status, such as `U_MEMORY_ALLOCATION_ERROR`.
public struct ICUError: GalleyError, Equatable, Sendable {
    /// The ICU call that failed, such as `ubrk_open`.
    public let operation: String
    /// ICU's name for the error code, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    public let code: String

    public var description: String { "ICU \(operation) failed: \(code)" }
}
