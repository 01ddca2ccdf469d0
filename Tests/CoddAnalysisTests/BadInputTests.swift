import CoddAnalysis
import Foundation
import Testing

/// Bad input never crashes the analyzer: each gets located errors (or none, when valid).
@Suite("Bad input: large, broken and hostile query files")
struct BadInputTests {
    static let schema = SourceFile(
        path: "Migrations/1.sql",
        text: """
            CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, completedOn INTEGER AS Date);
            """)

    static func analyze(_ text: String) -> ProjectAnalysis {
        ProjectAnalysis(
            ProjectSources(migrations: [schema], queries: [SourceFile(path: "Queries/Big.sql", text: text)]))
    }

    @Test func aMegabyteOfValidDefinitions() {
        var text = ""
        var count = 0
        while text.utf8.count < 1_048_576 {
            text +=
                "-- Query \(count).\nquery\(count):\nSELECT name, completedOn FROM todo WHERE id = ? AND name LIKE :pattern;\n\n"
            count += 1
        }
        let analysis = Self.analyze(text)
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.files.first?.queries.count == count)
        #expect(analysis.files.first?.queries.last?.inputs.map(\.name) == ["id", "pattern"])
    }

    @Test func aMegabyteOnOneLine() {
        let list = (1...150_000).map(String.init).joined(separator: ", ")
        #expect(list.utf8.count > 1_000_000)
        let analysis = Self.analyze("listed: SELECT name FROM todo WHERE id IN (\(list));")
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.files.first?.queries.first?.outputType == "[String]")
    }

    /// A chain deepens the tree as nesting does: refused beyond SQLite's own limit, and
    /// typed recursively (no stack exhausted) up to it.
    @Test func longChains() {
        let atLimit = String(repeating: "id + ", count: 998)
        #expect(Self.analyze("sum: SELECT \(atLimit)1 AS total FROM todo;").diagnostics.isEmpty)
        let beyond = String(repeating: "id + ", count: 200_000)
        let analysis = Self.analyze("sum: SELECT \(beyond)1 AS total FROM todo;")
        #expect(
            analysis.diagnostics.map(\.description) == [
                "Queries/Big.sql:1:13: error: the expression is more than 1,000 levels deep (nested or chained), SQLite's limit; simplify it"
            ])
        let conditions = (0..<5_000).map { "id <> \($0)" }.joined(separator: " AND ")
        #expect(!Self.analyze("many: SELECT name FROM todo WHERE \(conditions);").diagnostics.isEmpty)
    }

    @Test func aMegabyteOfGarbageGivesLocatedErrors() {
        var generator = SplitMix64(seed: 27)
        let alphabet = Array(
            "SELECT FROM WHERE ( ) , ; : ? 'x' \"y\" -- /* */ todo id name 1 2.5 AND OR NOT = < > + - * / || . \n\t🙂 é"
                .unicodeScalars)
        var text = "start:\n"
        text.unicodeScalars.reserveCapacity(1_100_000)
        while text.utf8.count < 1_048_576 {
            text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
        }
        let analysis = Self.analyze(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for diagnostic in analysis.diagnostics {
            #expect(diagnostic.location.file == "Queries/Big.sql")
            #expect((1...lines).contains(diagnostic.location.line))
            #expect(diagnostic.location.column >= 1)
        }
        #expect(!analysis.diagnostics.isEmpty)
    }

    /// Every prefix of a valid file: a statement cut anywhere is an error where it ends,
    /// never a crash.
    @Test func everyPrefixOfAFile() throws {
        let text = """
            -- Todos.
            byName(input: ByName, output: Named):
            SELECT t.name AS name, count(*) AS n, CASE WHEN t.completedOn IS NULL THEN 'open' ELSE 'done' END AS state
            FROM todo AS t LEFT JOIN (SELECT id FROM todo WHERE name LIKE :pattern?) AS s ON s.id = t.id
            WHERE t.id IN ? AND t.completedOn BETWEEN ? AND ? GROUP BY t.name HAVING count(*) > 0 ORDER BY 2 DESC LIMIT 5;

            update:
            UPDATE todo SET name = 'x' || :suffix WHERE id = :id RETURNING id, name;
            """
        let bytes = Array(text.utf8)
        var analyzed = 0
        for cut in 0...bytes.count {
            guard let prefix = String(validating: bytes[..<cut], as: UTF8.self) else { continue }
            let analysis = Self.analyze(prefix)
            for diagnostic in analysis.diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= 9, "\(diagnostic)")
            }
            analyzed += 1
        }
        #expect(analyzed > 400)
        #expect(Self.analyze(text).diagnostics.isEmpty)
    }

    @Test func nesting() {
        let deep = String(repeating: "(SELECT ", count: 2_000) + "1" + String(repeating: ")", count: 2_000)
        let analysis = Self.analyze("deep: SELECT \(deep) AS x;")
        #expect(
            analysis.diagnostics.map(\.message) == [
                "the expression is more than 1,000 levels deep (nested or chained), SQLite's limit; simplify it"
            ])
        let negations = String(repeating: "NOT ", count: 100_000)
        #expect(!Self.analyze("negations: SELECT id FROM todo WHERE \(negations)1;").diagnostics.isEmpty)
        let signs = String(repeating: "-", count: 1) + String(repeating: " -", count: 100_000)
        #expect(!Self.analyze("signs: SELECT \(signs)1 AS x;").diagnostics.isEmpty)
    }

    @Test func nulAndControlCharacters() {
        let analysis = Self.analyze("q:\nSELECT name FROM todo WHERE name = 'a\u{0}b';")
        #expect(
            analysis.diagnostics.map(\.description) == [
                "Queries/Big.sql:2:38: error: NUL byte in the SQL: SQLite would stop reading there"
            ])
        let control = Self.analyze("q:\nSELECT name FROM todo WHERE name = '\u{1}\u{7F}\u{202E}';")
        #expect(control.diagnostics.isEmpty)
    }
}

/// A small deterministic generator (the same inputs every run).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
