import CFreeType

/// The one place FreeType errors become ``FontError`` values, and the owner of the process's FT_Library.
///
/// FT_Library is not thread-safe for face creation and destruction, so both go through ``withLibrary(_:)``.
enum FreeType {
    private static let library = Locked<FT_Library?>(Self.makeLibrary())

    private static func makeLibrary() -> FT_Library? {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }

    /// Runs `body` with the shared FT_Library while holding its lock.
    static func withLibrary<T>(_ body: (FT_Library) throws -> T) throws -> T {
        try library.withLock { library in
            guard let library else {
                throw FontError.invalidFontFile(path: "", reason: "FreeType could not be initialised")
            }
            return try body(library)
        }
    }

    /// Throws `.invalidFontFile` for a non-zero FreeType error.
    static func check(_ error: FT_Error, path: String) throws {
        guard error != 0 else { return }
        throw FontError.invalidFontFile(path: path, reason: "FreeType error \(error): \(message(for: error))")
    }

    static func message(for error: FT_Error) -> String {
        if let text = FT_Error_String(error) { return String(cString: text) }
        return "unknown error"
    }
}
