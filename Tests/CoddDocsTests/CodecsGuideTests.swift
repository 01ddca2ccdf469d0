import Testing
import CoddDocSupport

/// docs/Codecs.md's Swift blocks are compiled and run by the codec test targets, beside
/// the codecs they show.
@Suite("docs/Codecs.md")
struct CodecsGuideTests {
    @Test func everySwiftBlockIsCompiledByTheCodecTests() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/Codecs.md",
            by: [
                "CoddUUIDTests/UUIDGuideTests.swift", "CoddDateTests/DateGuideTests.swift",
                "CoddUUIDTests/CodecIdentityGuideTests.swift", "CoddJSONTests/JSONGuideTests.swift",
                "CoddDecimalTests/DecimalGuideTests.swift", "CoddJSONTests/JSONPathGuideTests.swift",
                "CoddCollationTests/CollationGuideTests.swift", "CoddJSONTests/JSONBTests.swift",
            ]
        )
    }
}
