import Foundation
import Testing

/// The Swift code blocks of a Markdown guide, each checked to appear (white space aside)
/// in the test sources that compile and run it: a guide cannot drift from code that builds.
enum GuideSnippets {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of the Markdown file at `path` (relative to the package root).
    static func swiftBlocks(in path: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed == "```" {
                // Imports stand at the top of the test file, not inside the code that runs.
                blocks.append(lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `text` with all white space removed, for comparing code regardless of indentation.
    static func normalized(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
    }

    /// Checks that every Swift block of `guide` stands in one of `sources` (test files).
    static func expectCompiled(guide: String, by sources: [String]) throws {
        let compiled = try sources.map {
            normalized(try String(contentsOf: root.appendingPathComponent("Tests/CoddDocsTests/\($0)"), encoding: .utf8))
        }
        let blocks = try swiftBlocks(in: guide)
        #expect(!blocks.isEmpty, "\(guide) has no Swift blocks")
        for block in blocks {
            let code = normalized(block)
            #expect(compiled.contains { $0.contains(code) }, "This block of \(guide) is not compiled by a test:\n\(block)")
        }
    }
}
