import Foundation
import Testing
import CoddDocSupport

/// docs/Schema.md's Swift blocks are compiled and run by the schema tests; its error texts
/// are their assertions.
@Suite("docs/Schema.md")
struct SchemaGuideTests {
    static let guide = "docs/Schema.md"
    static let sources = [
        "CoddSchemaTests/SchemaGuideExampleTests.swift"
    ]

    @Test func everySwiftBlockIsCompiledByTheTests() throws {
        try GuideSnippets.expectCompiled(guide: Self.guide, by: Self.sources)
    }

    /// Each line of the guide's `text` blocks of annotated-SQL and validation errors is an
    /// error text a test asserts.
    @Test func everyErrorShownIsAsserted() throws {
        let tests = try ["AnnotatedSQLTests.swift", "ValidationTests.swift", "MigratorTests.swift"].map {
            try String(
                contentsOf: GuideSnippets.root.appendingPathComponent("Tests/CoddSchemaTests/\($0)"), encoding: .utf8)
        }
        .joined()
        let text = try String(contentsOf: GuideSnippets.root.appendingPathComponent(Self.guide), encoding: .utf8)
        let blocks = text.components(separatedBy: "```text\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
        #expect(blocks.count == 5)
        for line in blocks.flatMap({ $0.split(separator: "\n") }) {
            // Checksums and SQLite's own message vary; the rest of each line is asserted.
            let fixed =
                line.components(separatedBy: "(applied checksum").first?
                .components(separatedBy: "no such table").first ?? String(line)
            #expect(
                tests.contains(fixed.trimmingCharacters(in: .whitespaces)),
                "This error of \(Self.guide) is asserted by no test:\n\(line)")
        }
    }
}
