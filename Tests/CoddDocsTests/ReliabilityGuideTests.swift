import Foundation
import Testing
import CoddDocSupport

/// docs/Reliability.md's Swift blocks are compiled and run by the reliability tests.
@Suite("docs/Reliability.md")
struct ReliabilityGuideTests {
    @Test func everySwiftBlockIsCompiledByTheTests() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/Reliability.md",
            by: ["CoddReliabilityTests/ReliabilityGuideExampleTests.swift"]
        )
    }
}
