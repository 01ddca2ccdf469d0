import Testing
import CoddDocSupport

/// docs/Testing.md's Swift blocks are compiled and run by the query tests, on their
/// reminders database.
@Suite("docs/Testing.md")
struct TestingGuideTests {
    @Test func everySwiftBlockIsCompiledByTheQueryTests() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/Testing.md", by: ["CoddQueryTests/TestingGuideExampleTests.swift"])
    }
}
