import Foundation

/// The errors Galley throws: each says in one line what was wrong, with the offending value and the limit it
/// broke. `localizedDescription` (through `LocalizedError`) is that same line, so an app or a tool can show
/// `error.localizedDescription` as the `galley` command prints it.
public protocol GalleyError: LocalizedError, CustomStringConvertible {}

extension GalleyError {
    /// The error's one-line `description`.
    public var errorDescription: String? { description }
}
