import Foundation
import Galley
import GalleyDocuments

/// The one-line messages errors are reported in, alike from the command, the service and the C library.
package enum ErrorMessage {
    /// The one line `galley` writes after "galley: error: " for `error` (described as `description` where the
    /// caller has its own words for it); `galley serve` and the C library answer with the same.
    package static func line(for error: any Error, describedAs description: String? = nil) -> String {
        var message = description ?? String(describing: error)
        if case .unknownFamily(let name, _)? = error as? FontError {
            // A font file named without a folder reads as a family: say how to name it as a file.
            message +=
                FileManager.default.fileExists(atPath: name)
                ? "; to use the file \(name) in this folder, write ./\(name)" : "; 'galley fonts' lists every family"
        }
        return message.oneLine
    }
}

extension String {
    /// The most characters of an error message.
    package static let messageLimit = 1_000

    /// The text as one line a terminal shows as it is, for error messages: line breaks folded into spaces, and
    /// the control characters a file name or an input may carry (ESC, BEL, C1 controls, bidi overrides and
    /// isolates) written as `\u{1B}` escapes, so that no message can move the cursor, ring or reorder the line;
    /// and at most ``messageLimit`` characters, so that a message quoting its input (a 500 kB family name) does
    /// not send it back whole.
    package var oneLine: String {
        var folded = split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        folded = folded.shortened(to: Self.messageLimit)
        var result = ""
        result.unicodeScalars.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
