import CoddAnalysis
import Foundation
import Testing

/// The analysis, checked the way it reads: each fixture under `Fixtures/` is a project
/// (`Migrations/N.sql`, `Queries/*.sql`, optionally `codd.json` declaring types and
/// functions), and each query file writes beside every definition what the analyzer must
/// find, in `-- CHECK:` comments:
///
/// ```sql
/// userPosts:
/// SELECT * FROM post WHERE userId = ? AND date BETWEEN ? AND ?;
/// -- CHECK: input: userId: Int, dateLower: Date, dateUpper: Date
/// -- CHECK: output: [Post]
/// ```
///
/// `-- CHECK-ERROR: line:column: message` lines list the file's expected diagnostics: a file
/// reports exactly those, in order. A definition with CHECK lines that the analysis does
/// not produce fails the test.
@Suite("Analysis fixtures (-- CHECK: comments beside each query)")
struct FixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) throws {
        let directory = Self.root.appendingPathComponent(name)
        let (sources, expectations) = try Self.load(directory)
        let analysis = ProjectAnalysis(sources)
        var checked = 0
        for (path, expected) in expectations {
            let diagnostics = analysis.diagnostics.filter { $0.location.file == path }
                .map { "\($0.location.line):\($0.location.column): \($0.message)" }
            #expect(diagnostics == expected.errors, "\(path): diagnostics differ")
            checked += expected.errors.count
            let file = analysis.files.first { "Queries/\($0.name).sql" == path }
            for (query, lines) in expected.checks {
                guard let analyzed = file?.queries.first(where: { $0.name == query }) else {
                    Issue.record("\(path): \(query) was not analyzed, but has CHECK lines")
                    continue
                }
                let rendered = QuerySignature.lines(analyzed)
                for line in lines {
                    #expect(
                        rendered.contains(line),
                        "\(path) \(query): expected '\(line)', the analysis gives:\n\(rendered.joined(separator: "\n"))"
                    )
                    checked += 1
                }
            }
        }
        let unexpected = analysis.diagnostics.filter { diagnostic in
            !expectations.keys.contains(diagnostic.location.file)
        }
        #expect(unexpected.isEmpty, "diagnostics in files without CHECK-ERROR lines: \(unexpected)")
        #expect(checked > 0, "\(name) checks nothing")
    }

    struct Expectations {
        var checks: [(String, [String])] = []
        var errors: [String] = []
    }

    static func load(_ directory: URL) throws -> (ProjectSources, [String: Expectations]) {
        var migrations: [SourceFile] = []
        var queries: [SourceFile] = []
        var expectations: [String: Expectations] = [:]
        for folder in ["Migrations", "Queries"] {
            let url = directory.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".sql") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                let file = SourceFile(path: "\(folder)/\(name)", text: text)
                if folder == "Migrations" { migrations.append(file) } else { queries.append(file) }
                expectations[file.path] = parse(text)
            }
        }
        var sources = ProjectSources(migrations: migrations, queries: queries)
        let configuration = directory.appendingPathComponent("codd.json")
        if let data = try? Data(contentsOf: configuration) {
            struct Declarations: Decodable {
                var types: [TypeDeclaration]?
                var functions: [FunctionDeclaration]?
                var tables: [String: String]?
            }
            let declarations = try JSONDecoder().decode(Declarations.self, from: data)
            sources.types = declarations.types ?? []
            sources.functions = declarations.functions ?? []
            sources.rowTypes = declarations.tables ?? [:]
        }
        return (sources, expectations)
    }

    /// The CHECK lines of a file, each under the definition above it.
    static func parse(_ text: String) -> Expectations {
        var expectations = Expectations()
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let header = trimmed.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_]*)\s*(\([^)]*\))?:(\s|$)/) {
                current = String(header.1)
                continue
            }
            if trimmed.hasPrefix("-- CHECK-ERROR: ") {
                expectations.errors.append(String(trimmed.dropFirst("-- CHECK-ERROR: ".count)))
            } else if trimmed.hasPrefix("-- CHECK: "), let current {
                let check = String(trimmed.dropFirst("-- CHECK: ".count))
                if let index = expectations.checks.firstIndex(where: { $0.0 == current }) {
                    expectations.checks[index].1.append(check)
                } else {
                    expectations.checks.append((current, [check]))
                }
            }
        }
        return expectations
    }
}

/// A query's analysis as CHECK lines: `input: …`, `output: …`, `row: …` for a generated
/// struct, and `sql: …` for each statement (bound values as `?`, an IN list as `(?…)`, a
/// dynamic filter's droppable term in braces).
enum QuerySignature {
    static func lines(_ query: AnalyzedQuery) -> [String] {
        var lines: [String] = []
        let inputs = query.inputs.map { input in
            "\(input.name): \(input.swiftType)" + (input.isFilter ? " (filter)" : "")
        }
        lines.append("input: " + (inputs.isEmpty ? "()" : inputs.joined(separator: ", ")))
        if let name = query.inputTypeName { lines.append("input type: \(name)") }
        lines.append("output: \(query.outputType)")
        if case .structure(let name, let fields) = query.row {
            let rendered = fields.map { field -> String in
                switch field {
                case .column(let name, _, let type, let optional):
                    return "\(name): \(type.swiftName)\(optional ? "?" : "")"
                        + (type.isRepresented ? " via \(type.representation)" : "")
                case .embedded(let name, let rowType, _, _, let optional, _):
                    return "\(name): \(rowType)\(optional ? "?" : "") (embedded)"
                }
            }
            lines.append("row: \(name)(\(rendered.joined(separator: ", ")))")
        }
        for input in query.inputs where input.type.isRepresented {
            lines.append("bind \(input.name) via \(input.type.representation)")
        }
        for statement in query.statements {
            lines.append(
                "sql: " + render(statement.pieces).split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        if query.isWrite { lines.append("writes") }
        return lines
    }

    static func render(_ pieces: [SQLPiece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .bind: "?"
            case .list: "(?…)"
            case .optional(_, let inner): "{" + render(inner) + "}"
            }
        }.joined()
    }
}
