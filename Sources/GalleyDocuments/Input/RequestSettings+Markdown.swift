import Foundation

extension RequestSettings {
    /// Every setting as a Markdown table: its option (and query parameter), `measure` row key, values, default,
    /// the work it applies to and its help. `galley options` prints it, and the command-line article includes it.
    public static var markdownTable: String {
        var lines = [
            "| option / query parameter | measure row key | values | applies to | what it does |",
            "|---|---|---|---|---|",
        ]
        for setting in all {
            let name =
                "`--\(setting.name.optionName)`" + (setting.surfaces.contains(.query) ? "" : " (command line only)")
            let row = setting.surfaces.contains(.measureRow) ? "`\(setting.name.rawValue)`" : ""
            let work = [(RequestSetting.Work.document, "render, layout"), (.measure, "measure"), (.shape, "shape")]
                .filter { setting.work.contains($0.0) }.map(\.1).joined(separator: ", ")
            let help = setting.fullHelp.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| \(name) | \(row) | \(valuesText(setting.values)) | \(work) | \(help) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func valuesText(_ values: RequestSetting.Values) -> String {
        func format(_ value: Double) -> String { JSONValue.format(value) }
        switch values {
        case .number(let range): return "number \(format(range.lowerBound))…\(format(range.upperBound))"
        case .integer(let range): return "whole number \(range.lowerBound)…\(range.upperBound)"
        case .flag: return "flag"
        case .choice: return "a name"
        case .text(let kind):
            switch kind {
            case .color: return "colour"
            case .colorOrNone: return "colour or none"
            case .language: return "language tag"
            case .pathData: return "SVG path data"
            case .pictureAt: return "FILE@X,Y"
            case .folder: return "folder"
            case .fontFamilyOrFile: return "family or file"
            case .numberList: return "numbers, comma-separated"
            case .emphasisStyle: return "emphasis style"
            case .emphasisPosition: return "emphasis position"
            }
        }
    }
}
