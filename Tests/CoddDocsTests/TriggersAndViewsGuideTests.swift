import Foundation
import Testing
import CoddDocSupport

/// docs/TriggersAndViews.md's Swift blocks are compiled and run by the query and FTS5
/// tests; its SQL and its rows are their snapshots.
@Suite("docs/TriggersAndViews.md")
struct TriggersAndViewsGuideTests {
    static let guide = "docs/TriggersAndViews.md"
    static let sources = [
        "CoddQueryTests/TriggerTests.swift",
        "CoddQueryTests/TriggerBodyWriteTests.swift",
        "CoddQueryTests/ViewTests.swift",
        "CoddQueryTests/ReadOnlyViewTests.swift",
        "CoddQueryTests/DatabaseFunctionsGuideTests.swift",
        "CoddFTS5Tests/FTS5TriggerDSLTests.swift",
    ]

    /// The test sources' text, each read once.
    static func sourceTexts() throws -> [String] {
        try sources.map {
            try String(contentsOf: GuideSnippets.root.appendingPathComponent("Tests/\($0)"), encoding: .utf8)
        }
    }

    @Test func everySwiftBlockIsCompiledByTheTests() throws {
        try GuideSnippets.expectCompiled(guide: Self.guide, by: Self.sources)
    }

    /// Each SQL block after a Swift block is, white space aside, SQL the tests assert.
    @Test func everySQLBlockIsATestedSnapshot() throws {
        let snapshots = try Self.sourceTexts().map(GuideSnippets.foldedSQL)
        let examples = try GuideSnippets.examples(in: Self.guide)
        #expect(examples.count == 11)
        for example in examples {
            let sql = GuideSnippets.foldedSQL(example.sql)
            #expect(
                snapshots.contains { $0.contains(sql) },
                "This SQL of \(Self.guide) is no test's snapshot:\n\(example.sql)")
        }
    }

    /// Each block of rows is a results snapshot the tests assert.
    @Test func everyBlockOfRowsIsATestedSnapshot() throws {
        let snapshots = try Self.sourceTexts().map(GuideSnippets.normalized)
        let text = try String(contentsOf: GuideSnippets.root.appendingPathComponent(Self.guide), encoding: .utf8)
        let blocks = text.components(separatedBy: "```text\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(blocks.count == 6)
        for block in blocks {
            #expect(
                snapshots.contains { $0.contains(GuideSnippets.normalized(block)) },
                "These rows of \(Self.guide) are no test's snapshot:\n\(block)")
        }
    }
}
