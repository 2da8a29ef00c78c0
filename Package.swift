// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Galley",
    products: [
        .library(name: "Galley", targets: ["Galley"]),
        .library(name: "GalleyDocuments", targets: ["GalleyDocuments"]),
        // The commands' work as a library (the settings table, measuring JSON lines, rendering documents), for a
        // program that serves requests itself and for the fuzzers; it brings no package of the command's.
        .library(name: "GalleyRequests", targets: ["GalleyRequests"]),
        .executable(name: "galley", targets: ["GalleyCLI"]),
        // libGalleyC.so: the C functions of Bindings/C/include/galley.h, which the Python package loads.
        .library(name: "GalleyC", type: .dynamic, targets: ["GalleyC"]),
    ],
    // The `galley` command and its service need packages the libraries do not: a package that depends on Galley
    // for its libraries alone writes `traits: []` and resolves none of them (SwiftPM leaves dependencies only
    // disabled traits use unresolved; Scripts/check-library-client checks it).
    traits: [
        .default(enabledTraits: ["Command"]),
        .trait(
            name: "Command",
            description: "The galley command and galley serve: Hummingbird, swift-nio, swift-nio-extras, "
                + "swift-service-lifecycle, swift-log, swift-metrics and swift-prometheus."),
    ],
    dependencies: [
        // The service's (GalleyService): the libraries above never import them. Hummingbird without its default
        // traits: swift-configuration and full Foundation are not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]),
        // ICU renames every C symbol per release (ubrk_open → ubrk_open_72) with macros Swift cannot see,
        // so a few CICU_-prefixed wrappers compiled as C stand in for the calls Galley makes.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // zlib's streams, for a finished PDF's page contents (PDFActualText inflates and deflates them again).
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // libpng reports errors with longjmp; the C shim holds the setjmp Swift cannot.
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("isal")]),
        // PDF and SVG: cairo's surfaces embed subset fonts and keep the text (cairo-ft draws Galley's FreeType
        // faces). cairo's headers at build time (libcairo2-dev); the library itself loaded on first use.
        .target(
            name: "CCairo",
            dependencies: ["CFreeType"]),
        // libwebp's encoder, driven from a C shim (its advanced API needs inline initialisers and a callback).
        .target(
            name: "CWebP",
            linkerSettings: [.linkedLibrary("webp")]),
        // libjpeg-turbo's encoder and decoder, driven from a C shim (it reports errors by longjmp); libexif reads a
        // photo's orientation.
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("exif")]),
        // giflib's reader, for a GIF picture's first image.
        .target(
            name: "CGIF",
            linkerSettings: [.linkedLibrary("gif")]),
        // The default fonts compiled into the library (`.incbin` finds them on the header search path), so a
        // built Galley needs no Fonts/ directory wherever it is copied.
        .target(
            name: "CGalleyFonts",
            exclude: ["fonts.def"],
            cSettings: [.headerSearchPath("../../Fonts")]),
        // The engine's stages, each a module so that the compiler holds the arrows one way: the text model and
        // its fonts; itemizing, shaping, breaking and laying out; drawing a layout. `Galley` re-exports them.
        .target(
            name: "GalleyText",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CICU", "CGalleyFonts"]),
        .target(
            name: "GalleyLayout",
            dependencies: ["GalleyText", "CHarfBuzz", "CFreeType", "CICU", "CHyphen"]),
        .target(
            name: "GalleyRender",
            dependencies: [
                "GalleyLayout", "CHarfBuzz", "CFreeType", "CPNG", "CWebP", "CJPEG", "CGIF", "CCairo", "CZlib",
            ]),
        .target(
            name: "Galley",
            dependencies: ["GalleyText", "GalleyLayout", "GalleyRender"]),
        // Readers for notes (.md) and JSON documents, and the renderer that draws them: the CLI's inputs, as a
        // library so other programs (and the fuzzers) can use them.
        .target(
            name: "GalleyDocuments",
            dependencies: ["Galley", "GalleyText", "CCmarkGFM"]),
        // The commands' work, whoever asks for it (the command, the service, the C library): one table of request
        // settings read from argv, a query or a row, measuring JSON lines, the layout listing, and error messages.
        .target(
            name: "GalleyRequests",
            dependencies: ["Galley", "GalleyDocuments", "GalleyText"]),
        // The C interface (Bindings/C/include/galley.h). Release builds link the Swift runtime and Foundation in and
        // export the galley_ functions alone (Bindings/C/galley.map), so the library loads into any process, one
        // with Swift code of its own included, and needs no toolchain where it is copied.
        .target(
            name: "GalleyC",
            dependencies: ["Galley", "GalleyDocuments", "GalleyRequests"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib", "-lFoundation", "-lCoreFoundation", "-lFoundationInternationalization",
                    "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationICU", "-l_FoundationCShims",
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Bindings/C/galley.map", "-Xlinker",
                    "--strip-debug",
                ], .when(configuration: .release))
            ]),
        // `galley serve`: measuring and rendering over HTTP on Hummingbird, with a bounded pool of workers, deadlines,
        // body limits, graceful shutdown, a log line per request and Prometheus metrics. What each route computes
        // is the commands' own (GalleyRequests), so the service answers byte for byte as the commands.
        .target(
            name: "GalleyService",
            dependencies: [
                "Galley", "GalleyDocuments", "GalleyRequests",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Command"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Command"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Command"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Command"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Command"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Command"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Command"])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Command"])),
            ]),
        .executableTarget(
            name: "GalleyCLI",
            dependencies: [
                "Galley", "GalleyDocuments", "GalleyRequests", "GalleyService",
            ],
            // Release builds reach generic types' metadata through accessor functions, not by mangled name: a type
            // made from its mangled name has its generic requirements checked at run time, each conformance found by
            // scanning every conformance record of the linked binary, in every process. The command's own code only:
            // a library target with unsafe flags could not be used by packages that depend on Galley by version.
            swiftSettings: [
                .unsafeFlags(
                    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                    .when(configuration: .release))
            ],
            // Release builds link the Swift runtime and Foundation in (what `--static-swift-stdlib` does, named here
            // so that a plain `swift build -c release` gives the fast binary): the dynamic runtime's symbol lookups
            // and relocations cost every start several milliseconds, and the binary then runs without the toolchain.
            // Foundation's static libraries are listed because only the executable is linked statically: the library
            // targets stay ordinary modules a client can depend on. The toolchain's lld packs the executable's relative relocations (DT_RELR, glibc 2.36): with the
            // Swift runtime linked in, gold's table of them is 1.9 MB, all read at every start, and resident. It
            // also places the code a run executes side by side, hottest first, as galley.order lists it
            // (Scripts/order-functions writes it): scattered, it made 8 MB of code resident. The toolchain's
            // static-stdlib arguments export every symbol (`-export-dynamic`); `--no-export-dynamic`, after them, takes
            // that back: nothing loads Galley's symbols by name, and 23,900 of them made a 2 MB symbol table that every
            // start read in (1.4 MB of peak memory). Release builds only: debug and test links gain nothing from it.
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib", "-lFoundation", "-lCoreFoundation", "-lFoundationInternationalization",
                    "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationICU", "-l_FoundationCShims",
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker",
                    "--symbol-ordering-file=\(Context.packageDirectory)/Scripts/galley.order", "-Xlinker",
                    "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic",
                ], .when(configuration: .release))
            ]),
        // The README's library example, built and run by the tests as a client of Galley would (LibraryExampleTests).
        .executableTarget(name: "LibraryExample", dependencies: ["Galley"], path: "Examples/Library"),
        // One test target per module: the library's, the documents', and the command line's (which run the built
        // `galley` binary, so their build builds it too); the fixtures they share are a target of their own.
        .testTarget(name: "GalleyTestSupport", dependencies: ["Galley"]),
        .testTarget(name: "GalleyTests", dependencies: ["Galley", "GalleyTestSupport"]),
        .testTarget(
            name: "GalleyDocumentsTests",
            dependencies: ["Galley", "GalleyDocuments", "GalleyRequests", "GalleyTestSupport"]),
        .testTarget(
            name: "GalleyCLITests",
            dependencies: [
                "Galley", "GalleyDocuments", "GalleyRequests", "GalleyCLI", "GalleyService", "GalleyTestSupport",
                "LibraryExample",
                // The service's application driven in process (InProcessService).
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Command"])),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Command"])),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
