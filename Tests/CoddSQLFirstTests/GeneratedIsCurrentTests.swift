import CoddAnalysis
import CoddCodegen
import CoddGenerator
import Foundation
import Testing

/// The checked-in generated code of Tests/CoddSQLFirstFixtures is what the generator
/// writes today (what `codd generate --check` checks in an app's CI).
@Suite("Generated code is current")
struct GeneratedIsCurrentTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoddSQLFirstFixtures")

    @Test func theFixturesGeneratedCodeIsCurrent() throws {
        let generation = try Generation(configurationFile: Self.fixtures.appendingPathComponent("codd.json"))
        let result = generation.run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.files.count == 8)
        let differences = GeneratedFiles.differences(result.files, in: generation.outputDirectory)
        #expect(differences.isEmpty, "run `swift run codd generate -C Tests/CoddSQLFirstFixtures`: \(differences)")
    }

    @Test func generationIsDeterministic() throws {
        let generation = try Generation(configurationFile: Self.fixtures.appendingPathComponent("codd.json"))
        #expect(generation.run().files == generation.run().files)
    }
}
