import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct FontLibraryTests {
    @Test func bundledFamiliesAreFoundFirstAndInAFixedOrder() throws {
        let library = try TestFonts.bundled
        #expect(library.bundledFamilies.first == "Inter")
        #expect(library.bundledFamilies.contains("Noto Sans CJK SC"))
        #expect(library.bundledFamilies.contains("JetBrains Mono"))
        let font = try library.font(family: "inter", size: 17)
        #expect(font.face.isBundled)
        #expect(font.face.path.hasSuffix("Fonts/Inter/Inter-roman.var.ttf"))
    }

    /// The coverage read once from each face's map answers every character of the Basic Multilingual Plane (and
    /// a sample beyond it) as HarfBuzz's own lookup does, found or missing.
    @Test func coverageAnswersAsHarfBuzzDoes() throws {
        let library = try TestFonts.bundled
        for face in library.bundledFaces {
            let font = try Font(face: face, size: 17)
            #expect(face.shapingFacts.coverage != nil, "\(face) has a Unicode map")
            var mismatches: [UInt32] = [], covered = 0
            for value in Array(0..<0xD800) + Array(0xE000...0xFFFF) + Array(stride(from: 0x1_0000, to: 0x3_0000, by: 7))
            {
                let scalar = Unicode.Scalar(UInt32(value))!
                let expected = FontInstance.glyph(for: scalar, in: font.hbFont)
                if font.covers(scalar) != (expected != nil) || font.glyph(for: scalar) != expected {
                    mismatches.append(UInt32(value))
                }
                if expected != nil { covered += 1 }
            }
            #expect(mismatches.count == 0, "\(face): \(mismatches.prefix(10).map { String($0, radix: 16) })")
            #expect(covered > 90, "\(face) covers at least ASCII")
        }
    }

    @Test func italicAndWeightPickTheNearestFace() throws {
        let library = try TestFonts.bundled
        #expect(try library.font(family: "Inter", size: 12, italic: true).face.isItalic)
        let boldMono = try library.font(family: "JetBrains Mono", size: 12, weight: 700)
        #expect(boldMono.face.styleName == "Bold")
        let boldChinese = try library.font(family: "Noto Sans CJK SC", size: 12, weight: 700)
        #expect(boldChinese.face.weightClass == 700)
    }

    @Test func anUnknownFamilyIsAnErrorNamingTheBundledFamilies() throws {
        let library = try TestFonts.bundled
        #expect {
            try library.font(family: "No Such Family 42", size: 17)
        } throws: { error in
            guard case FontError.unknownFamily(let name, let bundled) = error else { return false }
            return name == "No Such Family 42" && bundled.contains("Inter")
        }
        let systemLibrary = try TestFonts.system
        #expect(throws: FontError.self) { try systemLibrary.font(family: "No Such Family 42", size: 17) }
    }

    @Test(arguments: [0.0, -3, .nan, .infinity, 20_000])
    func badSizesAreRefused(_ size: Double) throws {
        let library = try TestFonts.bundled
        #expect(throws: FontError.self) { try library.font(family: "Inter", size: size) }
    }

    @Test func aMissingFileIsAnError() throws {
        let library = try TestFonts.bundled
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try library.font(path: "/nonexistent/font.ttf", size: 12)
        }
    }

    @Test func aCorruptFontFileIsAnErrorNotACrash() throws {
        let library = try TestFonts.bundled
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-corrupt-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: TestFonts.fontFile("Inter/Inter-roman.var.ttf")))
        var garbage = Data(count: 4096)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        var flipped = original
        for index in stride(from: 12, to: 12 + 16 * 20, by: 3) { flipped[index] ^= 0xA5 }
        let variants: [String: Data] = [
            "empty.ttf": Data(), "garbage.ttf": garbage, "truncated.ttf": original.prefix(2000),
            "header-only.ttf": original.prefix(12), "flipped-directory.ttf": flipped,
        ]
        for (name, data) in variants {
            let path = directory.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            do {
                let font = try library.font(path: path, size: 17)
                // HarfBuzz and FreeType may accept a damaged file whose tables still parse; shaping must not crash.
                let shaped = try TestFonts.shape("Hello", attributes: TextAttributes(font: .font(font)))
                #expect(shaped.runs.allSatisfy { $0.width.isFinite })
            } catch let error as FontError {
                #expect(error.description.contains(path))
            }
        }
        #expect(throws: FontError.self) {
            try library.font(path: directory.appendingPathComponent("empty.ttf").path, size: 17)
        }
        #expect(throws: FontError.self) {
            try library.font(path: directory.appendingPathComponent("garbage.ttf").path, size: 17)
        }
    }

    @Test func aFaceIndexOutsideTheFileIsAnError() throws {
        let library = try TestFonts.bundled
        #expect(
            throws: FontError.faceIndexOutOfRange(
                path: TestFonts.fontFile("Inter/Inter-roman.var.ttf"), index: 3, faceCount: 1)
        ) {
            try library.font(path: TestFonts.fontFile("Inter/Inter-roman.var.ttf"), index: 3, size: 12)
        }
    }

    @Test func metricsAreInPointsAndScaleWithSize() throws {
        let library = try TestFonts.bundled
        let small = try library.font(family: "Inter", size: 10)
        let large = try small.withSize(20)
        #expect(small.ascender > 0 && small.descender < 0)
        #expect(abs(large.ascender - 2 * small.ascender) < 1e-9)
        #expect(small.capHeight > small.xHeight && small.xHeight > 0)
        #expect(small.capHeight < small.ascender)
        #expect(small.underlinePosition < 0 && small.underlineThickness > 0)
        #expect(small.strikeoutPosition > 0 && small.strikeoutThickness > 0)
        // Inter's hhea: ascender 1984, descender -494 at 2048 units per em.
        #expect(abs(small.ascender - 1984.0 / 2048 * 10) < 0.01)
        #expect(abs(small.descender + 494.0 / 2048 * 10) < 0.01)
    }

    @Test func aVariableWeightChangesAdvancesAndOutlines() throws {
        let library = try TestFonts.bundled
        let regular = try library.font(family: "Inter", size: 17, weight: 400)
        let semibold = try library.font(family: "Inter", size: 17, weight: 600)
        #expect(regular.face === semibold.face)
        #expect(semibold.weight == 600)
        let text = "Hamburgefonstiv"
        let regularRun = try TestFonts.shape(text, attributes: TextAttributes(font: .font(regular))).runs[0]
        let semiboldRun = try TestFonts.shape(text, attributes: TextAttributes(font: .font(semibold))).runs[0]
        #expect(regularRun.glyphs.map(\.glyphID) == semiboldRun.glyphs.map(\.glyphID))
        #expect(semiboldRun.width > regularRun.width)
        let glyph = regularRun.glyphs[0].glyphID
        #expect(try outlineArea(regular, glyph) * 1.1 < outlineArea(semibold, glyph))
    }

    /// The glyph's enclosed outline area in square points at `font`.
    private func outlineArea(_ font: Font, _ glyph: UInt32) throws -> Double {
        #expect(try #require(font.inkBounds(of: glyph)).width > 0)
        return try #require(font.outline(of: glyph)).area
    }

    @Test func fallbackFindsASystemFontForScriptsTheBundleLacks() throws {
        let library = try TestFonts.system
        let inter = try library.font(family: "Inter", size: 17)
        // Thai is not bundled; Debian's fonts-noto-core (installed by Scripts/setup) covers it.
        let thai = try #require(library.fallbackFont(for: "ก", replacing: inter))
        #expect(!thai.face.isBundled)
        #expect(thai.glyph(for: "ก") != nil)
        #expect(library.fallbackFont(for: "中", replacing: inter)?.face.familyName == "Noto Sans CJK SC")
    }

    @Test func systemFontsAreLoadedOnlyWhenTheBundledOnesLackACharacter() throws {
        let library = try FontLibrary()  // its own, so no other test has loaded them
        _ = try TextMeasurer(fontLibrary: library).measure("Hello, 世界 مرحبا", width: 320)
        #expect(!library.hasLoadedSystemFonts, "bundled fonts cover the text: fontconfig's 3–4 ms are not spent")
        let inter = try library.font(family: "Inter", size: 17)
        #expect(library.fallbackFont(for: "ก", replacing: inter)?.face.isBundled == false)
        #expect(library.hasLoadedSystemFonts)
    }

    @Test func fontsListsBundledFacesBeforeSystemFaces() throws {
        let faces = try TestFonts.system.availableFaces()
        let firstSystem = try #require(faces.firstIndex { !$0.isBundled })
        #expect(faces[..<firstSystem].count == (try TestFonts.bundled).bundledFaces.count)
        #expect(faces[firstSystem...].allSatisfy { !$0.isBundled })
    }
}
