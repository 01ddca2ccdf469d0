import CoddDocSupport
import Foundation
import Testing

/// docs/SQLFirst.md: every Swift block is compiled and run by the example tests (the macro
/// form by CoddSQLFirstMacroTests), and every SQL block that names a file of the guide's
/// project (`-- Queries/Todo.sql`) stands in that file.
@Suite("docs/SQLFirst.md")
struct SQLFirstGuideTests {
    @Test func everySwiftBlockIsCompiled() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/SQLFirst.md",
            by: [
                "CoddSQLFirstTests/SQLFirstGuideExampleTests.swift", "CoddSQLFirstMacroTests/DatabaseMacroTests.swift",
            ]
        )
    }

    @Test func everySQLBlockNamingAFileIsInIt() throws {
        let project = GuideSnippets.root.appendingPathComponent("Tests/CoddSQLFirstFixtures")
        var checked = 0
        for block in try GuideSnippets.sqlBlocks(in: "docs/SQLFirst.md") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.first, let match = first.firstMatch(of: /^-- ((Queries|Migrations)\/\w+\.sql)$/)
            else { continue }
            let text = try String(contentsOf: project.appendingPathComponent(String(match.1)), encoding: .utf8)
            let body = lines.dropFirst().joined(separator: "\n")
            #expect(
                GuideSnippets.normalized(text).contains(GuideSnippets.normalized(body)), "not in \(match.1):\n\(body)")
            checked += 1
        }
        #expect(checked >= 4)
    }
}
