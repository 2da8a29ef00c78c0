// swift-tools-version: 6.1
// Galley's benchmarks: `swift package benchmark` in this directory (release builds, ordo-one/benchmark).
import PackageDescription

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
            name: "PeerComparison",
            dependencies: ["BenchmarkCorpus", .product(name: "Galley", package: "Galley")],
            path: "Sources/PeerComparison"),
        .executableTarget(
            name: "Shaping",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Shaping",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Layout",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Layout",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Rendering",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Rendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Editing",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Galley", package: "Galley"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/Editing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "HarfBuzzFloor",
            dependencies: [
                "CHarfBuzzFloor", "BenchmarkCorpus", .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/HarfBuzzFloor",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ]
)
