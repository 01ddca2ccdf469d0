import Codd
import CoddSchema
import CoddSQLite
import FuzzSupport

// The annotated-SQL parser (Sources/CoddSchema: lexer, statement splitter, annotations),
// fed any bytes as migration text, with Codd's standard codecs.
//
// Properties:
// - parsing gives annotated SQL or throws AnnotatedSQLError (the typed throw says so);
// - the stripped SQL re-parses to itself, with no annotation and the same statements
//   (so stripping never makes a new annotation nor moves a statement boundary);
// - SQL without annotations is stripped of nothing: `sql` is the source byte for byte;
// - the statements, in order, are pieces of `sql`;
// - where SQLite prepares a statement Codd split, it reads it as exactly one statement
//   (never two, never an incomplete one): Codd splits where SQLite does;
// - the schema model applies the result without a crash.

nonisolated(unsafe) private let fuzz = FuzzDatabase()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    let source = String(decoding: bytes, as: UTF8.self)
    let parsed: AnnotatedSQL
    do {
        parsed = try AnnotatedSQL(source, file: "fuzz.sql", registry: .standard)
    } catch {
        fuzzCheck(error.line >= 1 && error.column >= 1, "error \(error) has no location for \(fuzzDescribe(bytes))")
        return 0
    }

    if parsed.annotations.isEmpty {
        fuzzCheck(parsed.sql == source, "nothing to strip, yet \(source.debugDescription) became \(parsed.sql.debugDescription)")
    }

    let again: AnnotatedSQL
    do {
        again = try AnnotatedSQL(parsed.sql, file: "fuzz.sql", registry: .standard)
    } catch {
        fuzzCheck(false, "stripped \(parsed.sql.debugDescription) does not re-parse: \(error); source \(fuzzDescribe(bytes))")
        return 0
    }
    fuzzCheck(again.annotations.isEmpty, "stripped \(parsed.sql.debugDescription) has annotations \(again.annotations)")
    fuzzCheck(again.sql == parsed.sql, "stripped \(parsed.sql.debugDescription) strips again to \(again.sql.debugDescription)")
    fuzzCheck(
        again.statements.map(\.sql) == parsed.statements.map(\.sql)
            && again.statements.map(\.keyword) == parsed.statements.map(\.keyword),
        "statements \(parsed.statements.map(\.sql)) re-parse as \(again.statements.map(\.sql))"
    )

    var rest = Substring(parsed.sql)
    for statement in parsed.statements {
        fuzzCheck(!statement.sql.isEmpty, "an empty statement in \(fuzzDescribe(bytes))")
        guard let range = rest.range(of: statement.sql) else {
            fuzzCheck(false, "statement \(statement.sql.debugDescription) is not in order in \(parsed.sql.debugDescription)")
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
                    !error.message.contains("more than one statement") && !error.message.contains("incomplete input"),
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
