import Foundation
import Galley
@_spi(Stages) import GalleyText

/// Writes a paragraph's inline pieces (styled text and pictures) into a note's storage: typed punctuation set
/// (``SmartPunctuation``), pictures as attachments, and emphasis in Chinese and Japanese as CLREQ and JLREQ mark it.
struct NoteInlineWriter {
    let storage: TextStorage
    let images: DocumentFiles
    /// The colours of the note's roles.
    let theme: NoteTheme
    /// Whether code forms its font's programming ligatures.
    let codeLigatures: Bool
    /// Lines before the Markdown text (front matter), added to its line numbers in errors.
    let lineOffset: Int

    /// The marks emphasised ideographs and kana take: dots, under Chinese and over Japanese (CSS's `auto`).
    static let cjkEmphasis = TextEmphasis(.dot)

    /// Appends `pieces` over `base`, pictures as attachments; `line` (of the Markdown text) is named in errors.
    func append(_ pieces: [NoteInlines.Piece], base: TextAttributes, line: Int) throws {
        var punctuation = SmartPunctuation(language: base.language)
        for piece in pieces {
            switch piece {
            case .text(let text, let style):
                guard !text.isEmpty else { continue }
                let attributes = NoteWriter.attributes(base, style, theme: theme, codeLigatures: codeLigatures)
                if style.code {
                    punctuation.skip(text)
                    storage.append(text, attributes: attributes)
                    continue
                }
                let parsed: RubyMarkup.Parsed
                do {
                    parsed = try RubyMarkup.parse(text)
                } catch {
                    throw InputError("line \(line + lineOffset): \(error)")
                }
                for piece in parsed.pieces {
                    var annotated = attributes
                    annotated.ruby = piece.annotation
                    appendText(piece.text, italic: style.italic, attributes: annotated, punctuation: &punctuation)
                }
            case .picture(let picture, let style):
                var attributes = NoteWriter.attributes(base, style, theme: theme, codeLigatures: codeLigatures)
                attributes.attachment = try attachment(for: picture, line: line)
                storage.append(String(TextAttachment.character), attributes: attributes)
            }
        }
    }

    /// Appends `text` (ruby read, so a `\{` it held is a brace now), typed punctuation set, emphasised when
    /// `italic`.
    private func appendText(
        _ text: String, italic: Bool, attributes: TextAttributes, punctuation: inout SmartPunctuation
    ) {
        let text = punctuation.apply(
            text.replacingOccurrences(of: String(MarkdownTree.escapedBrace), with: "{"))
        if italic {
            appendEmphasized(text, attributes: attributes)
        } else {
            storage.append(text, attributes: attributes)
        }
    }

    /// Appends emphasised `text`: its Latin in italics, its ideographs and kana with emphasis marks, since CJK faces
    /// have no italics and a slanted ideograph reads as a mistake (CLREQ §3.3.3 着重号, JLREQ's 圏点).
    private func appendEmphasized(_ text: String, attributes: TextAttributes) {
        var marked = attributes
        marked.textEmphasis = Self.cjkEmphasis
        var stretch = "", stretchIsCJK = false
        for scalar in text.unicodeScalars {
            let isCJK = CharacterClasses.isCJK(scalar.value)
            if isCJK != stretchIsCJK, !stretch.isEmpty {
                storage.append(stretch, attributes: stretchIsCJK ? marked : attributes)
                stretch = ""
            }
            stretchIsCJK = isCJK
            stretch.unicodeScalars.append(scalar)
        }
        if !stretch.isEmpty { storage.append(stretch, attributes: stretchIsCJK ? marked : attributes) }
    }

    /// The picture's attachment: the size its `{width=…}` or `{height=…}` asks for, else half its pixel size.
    func attachment(for picture: NotePicture, line: Int) throws -> TextAttachment {
        do {
            return try images.attachment(
                path: picture.path, width: picture.width, height: picture.height, baselineOffset: 0,
                label: picture.alt, pixelsPerPoint: 2)
        } catch let error as GalleyError where error is ImageError || error is FileRefused {
            throw InputError("line \(line + lineOffset): \(error.description)")
        } catch let error as AttachmentError {
            throw InputError("line \(line + lineOffset): \(error.description)")
        }
    }
}
