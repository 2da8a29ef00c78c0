import CCairo
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// A PDF or SVG document being written by cairo into memory: pages are added one by one and drawn through
/// ``VectorPage``; ``finish()`` gives the bytes.
final class VectorDocument {
    /// The kinds of document cairo writes for Galley.
    enum Format {
        /// PDF 1.5: fonts embedded as subsets, text selectable, links as URI annotations.
        case pdf
        /// SVG 1.1, glyphs as outlines, sized in CSS pixels (one per point).
        case svg
    }

    private let surface: OpaquePointer
    private let sink = Sink()
    let format: Format
    let fonts: CairoFonts
    /// The links drawn on the page so far, each with the rectangle it covers (page coordinates, points).
    private var links: [(target: String, rect: Rect)] = []

    /// What cairo has written so far.
    private final class Sink {
        var data = Data()
    }

    /// The image surfaces of the pictures drawn so far, by picture and the pixel size embedded: cairo writes a
    /// surface drawn again as a reference to the one it already wrote (a PDF XObject, an SVG `<use>`), so a picture
    /// shown a hundred times is embedded once.
    private var pictureSurfaces: [PictureKey: OpaquePointer] = [:]
    /// The pixels of the surfaces in ``pictureSurfaces``, held to ``pictureLimit``.
    private var picturePixels = 0
    private let pictureLimit: Int
    /// Why drawing stopped before the end (cancelled, or the pictures over their limit): what ``addPage(width:height:_:)``
    /// throws once its page is drawn.
    private(set) var stop: Error?

    private struct PictureKey: Hashable {
        /// The address of the picture's pixel buffer, compared and never read through: a picture shown many times
        /// shares one buffer, and hashing the pixels instead would read every picture again at every showing.
        /// ``pictures`` keeps the picture (and so its buffer) alive, so another picture cannot take its address.
        let pixels: UnsafeRawPointer?
        /// The size it is shown at, in pixels of the page's grid.
        let width: Int
        let height: Int
    }

    /// A document whose first page is `width × height` points, drawing `glyphs` (by face) as outlines, its
    /// distinct pictures holding at most `pictureLimit` pixels together.
    ///
    /// - Throws: ``RenderError/vectorFailed(_:)`` when cairo cannot be loaded or cannot make the surface.
    init(_ format: Format, width: Double, height: Double, glyphs: [FontFace: Set<UInt32>], pictureLimit: Int) throws {
        self.pictureLimit = pictureLimit
        if let failure = galley_cairo_load() {
            throw RenderError.vectorFailed("PDF and SVG need cairo (Debian's libcairo2): \(String(cString: failure))")
        }
        self.format = format
        fonts = CairoFonts(glyphs: glyphs)
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let made: OpaquePointer?
        switch format {
        case .pdf: made = galley_cairo_pdf_surface_create_for_stream(write, closure, width, height)
        case .svg: made = galley_cairo_svg_surface_create_for_stream(write, closure, width, height)
        }
        guard let made else { throw RenderError.vectorFailed("cairo could not make a surface") }
        surface = made
        if let message = Self.failure(galley_cairo_surface_status(surface)) {
            galley_cairo_surface_destroy(surface)
            throw RenderError.vectorFailed(message)
        }
        switch format {
        case .pdf:
            galley_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Galley")
            // The same text and settings make the same bytes, whenever they are made: the creation date is
            // SOURCE_DATE_EPOCH's (the reproducible-builds convention) when set, else left out rather than the
            // clock's, which cairo would write.
            galley_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.creationDate)
        case .svg:
            // A note 375 points wide is 375 CSS pixels wide, as a browser lays it out.
            galley_cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        }
    }

    deinit {
        galley_cairo_surface_destroy(surface)
        for (_, picture) in pictureSurfaces { galley_cairo_surface_destroy(picture) }
    }

    /// The image surface of `image` reduced to about `shownWidth × shownHeight` pixels (never enlarged), made once
    /// per picture and size; nil once drawing has stopped, or when the new surface would take the pictures past
    /// their limit (drawing then stops with ``RenderError/picturesTooLarge(pixels:limit:)``).
    func pictureSurface(_ image: Canvas, shownWidth: Int, shownHeight: Int, make: (Canvas) -> OpaquePointer?)
        -> OpaquePointer?
    {
        guard !stopsIfCancelled() else { return nil }
        let key = image.pixels.withUnsafeBytes {
            PictureKey(pixels: $0.baseAddress, width: shownWidth, height: shownHeight)
        }
        if let known = pictureSurfaces[key] { return known }
        let reduced = image.reduced(keepingAtLeast: max(1, shownWidth), max(1, shownHeight))
        let total = picturePixels + reduced.width * reduced.height
        guard total <= pictureLimit else {
            stop = RenderError.picturesTooLarge(pixels: total, limit: pictureLimit)
            return nil
        }
        guard let made = make(reduced) else { return nil }
        picturePixels = total
        pictureSurfaces[key] = made
        pictures.append(image)
        return made
    }

    /// The language a PDF's catalog names (``PDFDocumentInfo/language``), written once cairo has finished.
    private var language: String?

    /// The texts of the PDF's spans of glyphs (``PDFActualText``), in drawing order, written once cairo has finished.
    private var actualTexts: [String] = []

    /// Notes `text` as what the span of glyphs drawn next shows.
    func noteActualText(_ text: String) { actualTexts.append(text) }

    /// The pictures whose buffers key ``pictureSurfaces``, kept alive while their surfaces are.
    private var pictures: [Canvas] = []

    /// Whether drawing has stopped: the work's ``Cancellation`` is cancelled (its deadline passed), or an earlier
    /// stop. Drawing asks it before each piece, so a cancelled PDF or SVG ends within a piece.
    func stopsIfCancelled() -> Bool {
        if stop == nil, Cancellation.current?.isCancelled == true { stop = WorkCancelled() }
        return stop != nil
    }

    /// A PDF's creation date as cairo takes it (ISO 8601): SOURCE_DATE_EPOCH's seconds when the environment sets
    /// them, else empty (no date).
    static var creationDate: String {
        guard let text = ProcessEnvironment.value(of: "SOURCE_DATE_EPOCH"), let seconds = Int(text),
            seconds >= 0
        else { return "" }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Draws one page `width × height` points (PDF pages may differ in size; an SVG document has one), `draw`
    /// given a cairo context on it.
    func addPage(width: Double, height: Double, _ draw: (OpaquePointer) -> Void) throws {
        if format == .pdf { galley_cairo_pdf_surface_set_size(surface, width, height) }
        guard let context = galley_cairo_create(surface) else { throw RenderError.vectorFailed("no drawing context") }
        defer { galley_cairo_destroy(context) }
        draw(context)
        if let stop { throw stop }
        galley_cairo_show_page(context)
        if let message = Self.failure(galley_cairo_status(context)) { throw RenderError.vectorFailed(message) }
    }

    /// Gives a PDF `info`'s title, outline and language (an SVG has none of them). Cairo writes the outline when
    /// the document is finished, so the pages an entry names may come later.
    func describe(_ info: PDFDocumentInfo) {
        guard format == .pdf else { return }
        language = info.language
        if let title = info.title, !title.isEmpty {
            galley_cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        }
        var ids: [Int32] = []
        for (entry, parent) in zip(info.outline, info.parents) {
            // Cairo numbers pages from 1; its position is in points from the page's top-left corner.
            let destination = "page=\(entry.page + 1) pos=[0 \(max(0, entry.y))]"
            ids.append(
                galley_cairo_pdf_surface_add_outline(
                    surface, parent.map { ids[$0] } ?? 0, entry.title, destination, CAIRO_PDF_OUTLINE_FLAG_OPEN))
        }
    }

    /// Notes that `rect` (page coordinates, points) links to `target` (a URI as ``LinkPolicy/written(_:)`` writes
    /// it). A PDF's links are cairo's annotations; an SVG's are added when it is finished.
    func addLink(_ target: String, over rect: Rect) {
        if format == .svg { links.append((target, rect)) }
    }

    /// The finished document's bytes: an SVG's links as `<a>` elements over their text, last, so they take
    /// pointer events.
    func finish() throws -> Data {
        galley_cairo_surface_finish(surface)
        if let message = Self.failure(galley_cairo_surface_status(surface)) { throw RenderError.vectorFailed(message) }
        guard format == .svg else {
            let pdf = PDFActualText.inserting(actualTexts, into: sink.data)
            return language.map { PDFCatalog.settingLanguage($0, in: pdf) } ?? pdf
        }
        let svg = Self.renumberingProcessWideIDs(sink.data)
        guard !links.isEmpty, let end = svg.range(of: Data("</svg>".utf8), options: .backwards) else { return svg }
        var anchors = ""
        for (target, rect) in links {
            anchors +=
                "<a xlink:href=\"\(Self.xmlEscaped(target))\"><rect x=\"\(rect.minX)\" y=\"\(rect.minY)\" "
                + "width=\"\(rect.width)\" height=\"\(rect.height)\" fill=\"#000\" fill-opacity=\"0\"/></a>\n"
        }
        var data = svg
        data.insert(contentsOf: Data(anchors.utf8), at: end.lowerBound)
        return data
    }

    /// `svg` with the ids cairo numbers from counters it keeps for the whole process (its images' and surfaces')
    /// numbered from 0 in order of appearance, so the same picture gives the same bytes in every render of a
    /// process, as the service's second request and the command's one. Only ids and references to them (`id="…"`,
    /// `"#…"`, `(#…)`) change, never the base64 of an embedded image.
    static func renumberingProcessWideIDs(_ svg: Data) -> Data {
        let bytes = [UInt8](svg)
        let references = IDReference.all(in: bytes)
        // Each family's numbers in order of their ids' first appearance, as written (digits).
        var numbers: [[[UInt8]: Int]] = [[:], [:]]
        for reference in references where reference.isDefinition {
            let digits = Array(bytes[reference.digits])
            if numbers[reference.family][digits] == nil {
                numbers[reference.family][digits] = numbers[reference.family].count
            }
        }
        var renumbered: [UInt8] = []
        renumbered.reserveCapacity(bytes.count)
        var copied = 0
        for reference in references {
            guard let number = numbers[reference.family][Array(bytes[reference.digits])] else { continue }
            renumbered += bytes[copied..<reference.digits.lowerBound]
            renumbered += Array(String(number).utf8)
            copied = reference.digits.upperBound
        }
        renumbered += bytes[copied...]
        return Data(renumbered)
    }

    /// A reference to one of the ids cairo numbers per process in an SVG's bytes: `id="image7"`, `"#surface3"` or
    /// `(#image7)`, with where its digits are. Base64 holds none of `"`, `#` or `(`, so an embedded image's bytes
    /// never read as one.
    struct IDReference {
        /// 0 for `image`, 1 for `surface`.
        let family: Int
        let digits: Range<Int>
        /// Whether it is the `id="…"` that names the element.
        let isDefinition: Bool

        static let families = [Array("image".utf8), Array("surface".utf8)]
        /// The three forms, as the bytes before the family's name and the byte after its digits.
        static let forms: [(opening: [UInt8], closing: UInt8, isDefinition: Bool)] = [
            (Array("id=\"".utf8), UInt8(ascii: "\""), true), (Array("\"#".utf8), UInt8(ascii: "\""), false),
            (Array("(#".utf8), UInt8(ascii: ")"), false),
        ]

        /// Every reference in `bytes`, in order, in one pass.
        static func all(in bytes: [UInt8]) -> [IDReference] {
            var references: [IDReference] = []
            var index = 0
            while index < bytes.count {
                if let found = reference(in: bytes, at: index) {
                    references.append(found)
                    index = found.digits.upperBound + 1
                } else {
                    index += 1
                }
            }
            return references
        }

        /// The reference whose opening starts at `start`, if one does.
        private static func reference(in bytes: [UInt8], at start: Int) -> IDReference? {
            let first = bytes[start]
            guard first == UInt8(ascii: "i") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "(") else {
                return nil
            }
            for form in forms where bytes[start...].starts(with: form.opening) {
                let nameStart = start + form.opening.count
                for (family, name) in families.enumerated() where bytes[nameStart...].starts(with: name) {
                    let digitsStart = nameStart + name.count
                    var end = digitsStart
                    while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                    guard end > digitsStart, end < bytes.count, bytes[end] == form.closing else { return nil }
                    return IDReference(family: family, digits: digitsStart..<end, isDefinition: form.isDefinition)
                }
                return nil
            }
            return nil
        }
    }

    /// `text` safe inside an XML attribute in double quotes.
    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// cairo's description of `status`; nil for success.
    static func failure(_ status: cairo_status_t) -> String? {
        status == CAIRO_STATUS_SUCCESS ? nil : String(cString: galley_cairo_status_to_string(status))
    }
}
