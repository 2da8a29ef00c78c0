import Foundation
import FuzzSupport
import Galley
import GalleyDocuments

/// Notes (.md): any text reads, lays out at 200 pt and draws at scale 1 without crashing, as PNG and as PDF; every
/// link the PDF keeps is a URI string nothing in it can end (no parenthesis, quote or backslash), and so is any
/// link the input's text would make.
@main
enum Target {
    /// The variable fonts' instances a note draws (regular, bold and italic Inter, every heading level, the date
    /// badge, code in each style), made before fuzzing: each is made once per process and kept.
    static func main() {
        let note = Array(
            """
            ---
            date: 2026-11-22
            ---
            # Title

            ## Part

            ### Three

            #### Four

            ##### Five

            ###### Six

            *`italic code`* ***`bold italic code`***

            plain **bold** *italic* ***both*** `code` **`bold code`** 中文 [link](https://example.com)[^1]

            - a
              - b
            1) c
            - [x] d
            一、十

            > quoted

            | a | b |
            |---|---|
            | 1 | 2 |

            ```
            code block
            ```

            [^1]: note
            """.utf8)
        runFuzzer(warmUp: { for _ in 0..<2 { note.withUnsafeBufferPointer { fuzz($0) } } }, fuzz)
    }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    if let url = URL(string: text), let written = LinkPolicy.written(url) { checkURI(written) }
    // Pictures a note names are looked for in the working directory; a missing one is an error, not a crash.
    guard var document = try? NoteReader.read(text, defaults: TextAttributes(font: .textStyle(.body))) else { return }
    document.width = 200
    document.render.scale = 1
    guard let library = try? FontLibrary.standard else { return }
    let renderer = DocumentRenderer(document: document, library: library)
    _ = try? renderer.render()
    guard let pdf = try? renderer.renderImage(.pdf).data else { return }
    let bytes = String(decoding: pdf, as: UTF8.self)
    for start in bytes.ranges(of: "/URI (") {
        checkURI(String(bytes[start.upperBound...].prefix { $0 != ")" && $0 != "\n" }))
    }
}

/// Stops the fuzzer on a written URI holding a character that could end a PDF string or an XML attribute.
func checkURI(_ uri: String) {
    if uri.contains(where: { "()'\"<>\\ \n".contains($0) }) { fatalError("an unsafe link was written: \(uri)") }
}
