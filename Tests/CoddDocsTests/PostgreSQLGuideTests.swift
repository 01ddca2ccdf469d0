import Foundation
import Testing
import CoddDocSupport

/// docs/PostgreSQL.md's Swift blocks are compiled and run by the PostgreSQL tests.
@Suite("docs/PostgreSQL.md")
struct PostgreSQLGuideTests {
    @Test func everySwiftBlockIsCompiledByTheTests() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/PostgreSQL.md", by: ["CoddPostgresTests/PostgreSQLGuideExampleTests.swift"]
        )
    }
}
