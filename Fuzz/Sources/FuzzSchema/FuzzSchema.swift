import CoddCore
import CoddDate
import CoddSchema
import CoddSQLite
import CoddUUID
import Foundation
import FuzzSupport

// The annotated-SQL parser (Sources/CoddSchema: lexer, statement splitter, annotations),
// fed any bytes as migration text, with Codd's standard codecs.
//
// Properties:
// - parsing gives annotated SQL or throws AnnotatedSQLError (the typed throw says so);
// - the stripped SQL re-parses to itself, with no annotation and the same statements
//   (so stripping never makes a new annotation nor moves a statement boundary);
// - SQL without annotations (and no FTS5 table) is stripped of nothing: `sql` is the
//   source byte for byte;
// - the statements, in order, are pieces of `sql`;
// - SQLite never finds two statements in one Codd split off (an incomplete one is no
//   finding: `CREATE TABLE t` alone is incomplete SQL, as the first run showed);
// - the schema model applies the result without a crash.

nonisolated(unsafe) private let fuzz = FuzzDatabase()

/// `SQLCodecRegistry.standard`, built as the umbrella builds it (the umbrella re-exports
/// the query DSL and its macro plugin: see FuzzJSON).
private let registry: SQLCodecRegistry = {
    var registry = SQLCodecRegistry.builtIn
    try? registry.register(UUID.codecs)
    try? registry.register(Date.codecs)
    return registry
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    let source = String(decoding: bytes, as: UTF8.self)
    let parsed: AnnotatedSQL
    do {
        parsed = try AnnotatedSQL(source, file: "fuzz.sql", registry: registry)
    } catch {
        fuzzCheck(error.line >= 1 && error.column >= 1, "error \(error) has no location for \(fuzzDescribe(bytes))")
        return 0
    }

    // An FTS5 table's columns lose a storage class and NOT NULL even unannotated (FTS5
    // takes neither): the first run found that, by design, so such SQL is left out here.
    if parsed.annotations.isEmpty, !source.lowercased().contains("fts5") {
        fuzzCheck(
            parsed.sql == source,
            "nothing to strip, yet \(source.debugDescription) became \(parsed.sql.debugDescription)")
    }

    let again: AnnotatedSQL
    do {
        again = try AnnotatedSQL(parsed.sql, file: "fuzz.sql", registry: registry)
    } catch {
        fuzzCheck(
            false, "stripped \(parsed.sql.debugDescription) does not re-parse: \(error); source \(fuzzDescribe(bytes))")
        return 0
    }
    fuzzCheck(again.annotations.isEmpty, "stripped \(parsed.sql.debugDescription) has annotations \(again.annotations)")
    fuzzCheck(
        again.sql == parsed.sql, "stripped \(parsed.sql.debugDescription) strips again to \(again.sql.debugDescription)"
    )
    fuzzCheck(
        again.statements.map(\.sql) == parsed.statements.map(\.sql)
            && again.statements.map(\.keyword) == parsed.statements.map(\.keyword),
        "statements \(parsed.statements.map(\.sql)) re-parse as \(again.statements.map(\.sql))"
    )

    var rest = Substring(parsed.sql)
    for statement in parsed.statements {
        fuzzCheck(!statement.sql.isEmpty, "an empty statement in \(fuzzDescribe(bytes))")
        guard let range = rest.range(of: statement.sql) else {
            fuzzCheck(
                false, "statement \(statement.sql.debugDescription) is not in order in \(parsed.sql.debugDescription)")
            return 0
        }
        rest = rest[range.upperBound...]
    }

    fuzz.run { db in
        for statement in parsed.statements.prefix(16) {
            do {
                _ = try db.makeStatement(statement.sql)
            } catch let error as SQLiteError {
                fuzzCheck(
                    !error.message.contains("more than one statement"),
                    "SQLite splits Codd's statement \(statement.sql.debugDescription) otherwise: \(error.message); source \(fuzzDescribe(bytes))"
                )
            }
        }
    }

    var schema = SQLSchema()
    schema.apply(parsed)
    _ = schema.description
    return 0
}

@main
enum FuzzSchemaMain {
    static func main() { runFuzzer(fuzzSchema) }
}
