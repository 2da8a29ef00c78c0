import Foundation
import Testing

@testable import GalleyTestSupport

/// ARCHITECTURE.md's arrows are Package.swift's: each Galley target's dependencies on the package's own targets, as
/// the page lists them, and no cycle among them.
@Suite struct ArchitectureTests {
    @Test func thePagesArrowsAreThePackages() throws {
        let root = TestFonts.repositoryRoot
        let page = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The arrows are the lines `Target → Dependency, …` (a target's name has no space).
        let arrows = page.split(separator: "\n").map { $0.components(separatedBy: " → ") }
            .filter { $0.count == 2 && !$0[0].contains(" ") }
        var drawn: [String: [String]] = [:]
        for arrow in arrows { drawn[arrow[0]] = arrow[1].components(separatedBy: ", ") }
        #expect(drawn.count >= 7)
        var declared: [String: [String]] = [:]
        let target = try Regex(
            #"\.(?:target|executableTarget)\(\s*name: "(\w+)",(?:\s*path: "[^"]*",)?\s*dependencies: \["#)
        for match in manifest.matches(of: target) {
            let name = String(match.output[1].substring!)
            // The C modules' wiring (CCairo on CFreeType) is below the page's level.
            guard !name.hasPrefix("C") else { continue }
            // The package's own targets are the quoted names before the first product.
            let list = manifest[match.range.upperBound...].prefix { $0 != "]" }
            let own = list.components(separatedBy: ".product(")[0]
            declared[name] = own.matches(of: try Regex(#""(\w+)""#)).map { String($0.output[1].substring!) }
        }
        #expect(declared.keys.sorted() == drawn.keys.sorted())
        for (name, dependencies) in declared {
            #expect(Set(dependencies) == Set(drawn[name] ?? []), "\(name)")
        }
        // One way: a target's dependencies are drawn below it.
        let order = page.split(separator: "\n").filter { $0.contains(" → ") }.map {
            $0.components(separatedBy: " → ")[0]
        }
        for (index, name) in order.enumerated() {
            for dependency in drawn[name] ?? [] where order.contains(dependency) {
                #expect(order.firstIndex(of: dependency)! > index, "\(name) → \(dependency) points up")
            }
        }
    }
}
