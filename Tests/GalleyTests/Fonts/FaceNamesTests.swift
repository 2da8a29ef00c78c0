import CFreeType
import CGalleyFonts
import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A face's family, style, weight and slope, read through HarfBuzz so that FreeType need not open the face, are
/// what FreeType reports for it: for every bundled face and every system font file fontconfig lists.
@Suite struct FaceNamesTests {
    @Test func namesAreFreeTypes() throws {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        let files = Set(Self.systemFontFiles())
        let bundled = try BundledFonts.compiledIn.faces().faces
        #expect(bundled.count >= 8)
        var checked = 0
        var differing: [String] = []
        func compare(_ face: FontFace, _ ftFace: FT_Face) {
            let family = ftFace.pointee.family_name.map { String(cString: $0) } ?? "Unnamed"
            let style = ftFace.pointee.style_name.map { String(cString: $0) } ?? "Regular"
            let italic = ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
            let os2 = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
            let weight =
                os2.map { Int($0.pointee.usWeightClass) }
                ?? (ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400)
            // FreeType turns a name's characters outside ASCII into `?`; Galley keeps them.
            let ascii = String(face.familyName.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
            let asciiStyle = String(face.styleName.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
            if (ascii, asciiStyle, face.weightClass, face.isItalic) != (family, style, weight, italic) {
                differing.append(
                    "\(face.path)#\(face.index): \(face.familyName)/\(face.styleName)/\(face.weightClass)/"
                        + "\(face.isItalic) vs FreeType \(family)/\(style)/\(weight)/\(italic)")
            }
            checked += 1
        }
        for face in bundled {
            var bytes: UnsafePointer<UInt8>?
            var length = 0
            let name = (0..<CGalleyFonts_count()).first { file in
                CGalleyFonts_file(file, &bytes, &length).map { "Fonts/" + String(cString: $0) } == face.path
            }
            try #require(name != nil)
            var ftFace: FT_Face?
            try #require(FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(face.index), &ftFace) == 0)
            compare(face, ftFace!)
            FT_Done_Face(ftFace)
        }
        for path in files.sorted() {
            for index in 0..<((try? FontFace.faceCount(path: path)) ?? 0) {
                guard let face = try? FontFace(path: path, index: index, isBundled: false) else { continue }
                var ftFace: FT_Face?
                guard FT_New_Face(library, path, FT_Long(index), &ftFace) == 0, let ftFace else { continue }
                compare(face, ftFace)
                FT_Done_Face(ftFace)
            }
        }
        #expect(checked >= bundled.count + files.count)
        #expect(differing.isEmpty, "\(differing.count) of \(checked): \(differing.prefix(5))")
    }

    /// The font files fontconfig lists on this machine (none where fontconfig lists none).
    private static func systemFontFiles() -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = ["--format", "%{file}\n"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
