import Testing
import CoddDocSupport

/// docs/Concurrency.md and docs/Observation.md: their Swift blocks are compiled and run by
/// the example tests beside this file.
@Suite("docs/Concurrency.md and docs/Observation.md")
struct ConcurrencyGuideTests {
    @Test func everySwiftBlockOfConcurrencyIsCompiled() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/Concurrency.md", by: ["CoddDocsTests/ConcurrencyGuideExampleTests.swift"]
        )
    }

    @Test func everySwiftBlockOfObservationIsCompiled() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/Observation.md", by: ["CoddDocsTests/ObservationGuideExampleTests.swift"]
        )
    }
}
