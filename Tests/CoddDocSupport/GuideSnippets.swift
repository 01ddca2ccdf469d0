import Foundation
import Testing

/// The Swift code blocks of a Markdown guide, each checked to appear (white space aside)
/// in the test sources that compile and run it: a guide cannot drift from code that builds.
public enum GuideSnippets {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of the Markdown file at `path` (relative to the package root).
    public static func swiftBlocks(in path: String) throws -> [String] {
        // Imports stand at the top of the test file, not inside the code that runs.
        try blocks(in: path, language: "swift").map { block in
            block.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        }
    }

    /// The ```sql blocks of the Markdown file at `path`.
    public static func sqlBlocks(in path: String) throws -> [String] {
        try blocks(in: path, language: "sql")
    }

    static func blocks(in path: String, language: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```\(language)" {
                current = []
            } else if let lines = current, trimmed == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The examples of a guide: each ```swift block directly followed by a ```sql block
    /// (only blank lines between), as (Swift, SQL) pairs; `--` comment lines of the SQL
    /// are dropped.
    public static func examples(in path: String) throws -> [(swift: String, sql: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var pairs: [(String, String)] = []
        var blocks: [(language: String, body: String, endLine: Int, startLine: Int)] = []
        var current: (language: String, lines: [Substring], start: Int)?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("```"), trimmed.count > 3 {
                current = (String(trimmed.dropFirst(3)), [], number)
            } else if let block = current, trimmed == "```" {
                blocks.append((block.language, block.lines.joined(separator: "\n"), number, block.start))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (first, second) in zip(blocks, blocks.dropFirst())
        where first.language == "swift" && second.language == "sql" {
            let between = lines[(first.endLine + 1)..<second.startLine]
            guard between.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            let sql = second.body.split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
                .joined(separator: "\n")
            pairs.append((first.body, sql))
        }
        return pairs
    }

    /// SQL with runs of white space folded to one space and none inside parentheses.
    public static func foldedSQL(_ sql: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in sql {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace, result.last != "(", character != ")", character != "," { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// `text` with all white space removed, for comparing code regardless of indentation.
    /// The code without whitespace and without trailing commas (`[a,]` is `[a]`), neither of
    /// which changes Swift's meaning: the formatter may add or drop both.
    public static func normalized(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
            .replacingOccurrences(of: ",]", with: "]")
            .replacingOccurrences(of: ",)", with: ")")
    }

    /// Checks that every Swift block of `guide` stands in one of `sources` (test files).
    public static func expectCompiled(guide: String, by sources: [String]) throws {
        let compiled = try sources.map {
            normalized(try String(contentsOf: root.appendingPathComponent("Tests/\($0)"), encoding: .utf8))
        }
        let blocks = try swiftBlocks(in: guide)
        #expect(!blocks.isEmpty, "\(guide) has no Swift blocks")
        for block in blocks {
            // A block that is part of a list (items of an array) ends with a comma the list's
            // last item does not need.
            var code = normalized(block)
            while code.hasSuffix(",") { code.removeLast() }
            #expect(
                compiled.contains { $0.contains(code) }, "This block of \(guide) is not compiled by a test:\n\(block)")
        }
    }
}
