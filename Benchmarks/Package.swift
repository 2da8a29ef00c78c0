// swift-tools-version: 6.1
// Galley's benchmarks: `swift package benchmark` in this directory (release builds, ordo-one/benchmark).
import PackageDescription

/// A benchmark target in Benchmarks/NAME, run by ordo-one/benchmark's plugin.
func benchmark(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["BenchmarkCorpus", .product(name: "Benchmark", package: "package-benchmark")] + dependencies,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")])
}

let galley: Target.Dependency = .product(name: "Galley", package: "Galley")

let package = Package(
    name: "GalleyBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Galley", path: "../"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // HarfBuzz on its own, the floor any engine pays; kept apart from Galley's own C modules.
        .systemLibrary(name: "CHarfBuzzFloor", path: "Sources/CHarfBuzzFloor", pkgConfig: "harfbuzz"),
        .target(name: "BenchmarkCorpus", path: "Sources/BenchmarkCorpus"),
        // Galley's side of `compare-pango` (a plain program, run alternately with the C Pango peer).
        .executableTarget(
            name: "PeerComparison", dependencies: ["BenchmarkCorpus", galley], path: "Sources/PeerComparison"),
        benchmark("Shaping", dependencies: [galley]),
        benchmark("Layout", dependencies: [galley]),
        benchmark("Rendering", dependencies: [galley]),
        benchmark("Editing", dependencies: [galley]),
        benchmark("HarfBuzzFloor", dependencies: ["CHarfBuzzFloor"]),
    ]
)
