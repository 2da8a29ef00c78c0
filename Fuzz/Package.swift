// swift-tools-version: 6.1
// libFuzzer targets for Galley's input surfaces. Build and run them with Scripts/fuzz, which adds AddressSanitizer,
// coverage instrumentation and libFuzzer's driver; a plain `swift build` here links no fuzzer.
import PackageDescription

let package = Package(
    name: "GalleyFuzz",
    // The libraries alone: the command's and service's packages are not resolved (Package.swift's trait).
    dependencies: [.package(name: "Galley", path: "../", traits: [])],
    targets: [.target(name: "FuzzSupport")]
        + ["FuzzDocument", "FuzzNote", "FuzzPath", "FuzzLayout", "FuzzFont", "FuzzPNG", "FuzzRequest"].map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport", .product(name: "Galley", package: "Galley"),
                    .product(name: "GalleyDocuments", package: "Galley"),
                    .product(name: "GalleyRequests", package: "Galley"),
                ])
        }
)
