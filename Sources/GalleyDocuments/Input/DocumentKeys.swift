/// The keys each object of a JSON document may have: what ``DocumentReader`` accepts (an unknown key is an error
/// naming it), and what the JSON documents article describes (`DocumentKeysTests` checks every one is there).
enum DocumentKeys {
    static let document = [
        "container", "environment", "render", "defaults", "content", "lineHeightMetrics", "metrics",
    ]
    static let run = ["text", "attributes", "attachment"]
    static let environment = ["category", "boldText"]
    static let render = ["scale", "background", "margin", "padding"]
    static let attachment = ["image", "width", "height", "baselineOffset", "alt"]
    static let container = [
        "width", "height", "pageHeight", "pageNumbers", "columns", "columnGap", "lineFragmentPadding", "padding",
        "maximumNumberOfLines", "maxLines", "lineBreakMode", "exclusions", "minimumSegmentWidth", "wrapSide",
    ]
    static let exclusion = ["path", "fillRule", "fill", "label"]
    static let pictureExclusion = ["image", "x", "y", "width", "height", "threshold", "margin", "draw"]
    static let shadow = ["offsetX", "offsetY", "blurRadius", "blur", "color"]
    static let emphasis = ["style", "position", "color"]
    static let ruby = ["text", "position"]
    static let font = FontRequest.keys
    static let decoration = ["style", "pattern", "byWord", "color", "skipInk"]
    static let paragraph = [
        "lineBreakMode", "tabStops", "defaultTabInterval", "textLists", "lists",
        "listIndent",
    ]
    static let tabStop = ["location", "alignment"]
    static let list = ["format", "start"]

    /// Every object's keys, by the object's name, the paragraph's settings and lengths and the attributes included.
    static let all: [(object: String, keys: [String])] = [
        ("document", document), ("content run", run), ("environment", environment), ("render", render),
        ("attachment", attachment), ("container", container), ("exclusion", exclusion),
        ("picture exclusion", pictureExclusion), ("attributes", DocumentReader.attributeKeys), ("shadow", shadow),
        ("font", font), ("decoration", decoration), ("emphasis", emphasis), ("ruby", ruby),
        ("paragraph", paragraph + RequestSettings.acceptedLineKeys + DocumentReader.paragraphLengths.map(\.0)),
        ("tab stop", tabStop), ("list", list),
    ]
}
