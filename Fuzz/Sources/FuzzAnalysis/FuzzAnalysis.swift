import CoddAnalysis
import CoddSQLite
import Foundation
import FuzzSupport

// The SQL-first analyzer (Sources/CoddAnalysis: the query-file splitter, the SQL parser,
// name and type resolution, parameters, dynamic filters), fed any bytes as a query file
// against a fixed schema.
//
// Properties:
// - the analysis never crashes, whatever the bytes;
// - every diagnostic is located in the file (a line of it, a column from 1);
// - for each analyzed statement, when SQLite prepares it with every dynamic filter kept
//   and each IN list one value long, it also prepares with every filter dropped and every
//   list empty, and with lists of three: dropping a term or expanding a list never makes
//   SQL SQLite refuses;
// - each of those has exactly as many parameters as the generated code binds.

private let fuzz = FuzzDatabase { db in
    try db.execute(migration)
}

private let migration = """
    CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, notes TEXT, completedOn INTEGER, listID INTEGER);
    CREATE TABLE list (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
    CREATE VIRTUAL TABLE search USING fts5 (body);
    """

private let annotatedMigration = """
    CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, notes TEXT, completedOn INTEGER AS Date, listID INTEGER);
    CREATE TABLE list (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
    CREATE VIRTUAL TABLE search USING fts5 (body TEXT NOT NULL);
    """

/// The SQL of `pieces` with every filter kept or dropped and every list `length` long,
/// and how many values it binds.
private func render(_ pieces: [SQLPiece], keep: Bool, length: Int) -> (String, Int) {
    var sql = ""
    var count = 0
    for piece in pieces {
        switch piece {
        case .text(let text): sql += text
        case .bind:
            sql += "?"
            count += 1
        case .list:
            sql += "(" + Array(repeating: "?", count: length).joined(separator: ", ") + ")"
            count += length
        case .optional(_, let inner):
            if keep {
                let (text, values) = render(inner, keep: keep, length: length)
                sql += text
                count += values
            } else {
                sql += "1"
            }
        }
    }
    return (sql, count)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalysis(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    let analysis = ProjectAnalysis(
        ProjectSources(
            migrations: [SourceFile(path: "Migrations/1.sql", text: annotatedMigration)],
            queries: [SourceFile(path: "Queries/Fuzz.sql", text: text)]
        ))
    // Lines as the analyzer counts them: by line feed bytes (a "\r\n" is one Character
    // to Swift, so splitting the String would count fewer; the first run found that).
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    for diagnostic in analysis.diagnostics {
        fuzzCheck(
            diagnostic.location.file == "Queries/Fuzz.sql" && (1...max(1, lines)).contains(diagnostic.location.line)
                && diagnostic.location.column >= 1,
            "\(diagnostic) is not located in the file for \(fuzzDescribe(bytes))"
        )
    }
    fuzz.run { db in
        for query in analysis.files.flatMap(\.queries).prefix(8) {
            for statement in query.statements {
                let (full, fullCount) = render(statement.pieces, keep: true, length: 1)
                guard let prepared = try? db.makeStatement(full) else { continue }
                fuzzCheck(
                    prepared.parameterCount == fullCount,
                    "\(full.debugDescription) has \(prepared.parameterCount) parameters, generated code binds \(fullCount)"
                )
                for (keep, length) in [(false, 0), (true, 3), (false, 2)] {
                    let (variant, count) = render(statement.pieces, keep: keep, length: length)
                    do {
                        let statement = try db.makeStatement(variant)
                        fuzzCheck(
                            statement.parameterCount == count,
                            "\(variant.debugDescription) has \(statement.parameterCount) parameters, generated code binds \(count)"
                        )
                    } catch {
                        fuzzCheck(
                            false,
                            "\(full.debugDescription) prepares but its variant \(variant.debugDescription) does not: \(error); source \(fuzzDescribe(bytes))"
                        )
                    }
                }
            }
        }
    }
    return 0
}

@main
enum FuzzAnalysisMain {
    static func main() { runFuzzer(fuzzAnalysis) }
}
