import ArgumentParser
import GalleyDocuments
import GalleyRequests

/// Checks the numbers given to the options that are not request settings (`serve`'s), with the words request
/// settings use.
enum NumberFlag {
    /// Throws a usage error when `value` is set and outside `range` (``RequestOptions/check(_:in:label:)``).
    static func check(_ name: String, _ value: Double?, _ range: ClosedRange<Double>) throws {
        guard let value else { return }
        do { try RequestOptions.check(value, in: range, label: name) } catch let error as InputError {
            throw ValidationError(error.description)
        }
    }
}
