import Testing
import CoddDocSupport

/// docs/GRDB.md needs GRDB, which this package does not depend on: its Swift blocks are
/// compiled and run by the bridge package's tests (Integrations/CoddGRDB), and this test
/// checks that each stands there.
@Suite("docs/GRDB.md")
struct GRDBGuideTests {
    @Test func everySwiftBlockIsCompiledByTheBridgePackage() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/GRDB.md",
            by: ["../Integrations/CoddGRDB/Tests/CoddGRDBTests/GRDBGuideExampleTests.swift"]
        )
    }
}
