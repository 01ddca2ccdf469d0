import Testing
import CoddDocSupport

/// docs/DatabaseFunctions.md's Swift blocks are compiled and run by the query tests, on
/// their reminders database.
@Suite("docs/DatabaseFunctions.md")
struct DatabaseFunctionsGuideTests {
    @Test func everySwiftBlockIsCompiledByTheQueryTests() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/DatabaseFunctions.md", by: ["CoddQueryTests/DatabaseFunctionsGuideTests.swift"]
        )
    }
}
