import CSQLite
import CoddAnalysis
import CoddSchema

/// SQLite's own check of a project: the migrations run, in order, on a private in-memory
/// database, then every query's statements are prepared against it. Whatever SQLite
/// refuses is an error located at the offending token (`sqlite3_error_offset`); where
/// SQLite gives no offset (an unknown column in an INSERT list, an unknown table), the
/// token its message names. A prepared statement's result columns are compared with the
/// analyzer's, so generated code never decodes columns SQLite does not return.
public struct SQLiteCheck {
    private let analysis: ProjectAnalysis
    private let functions: [FunctionDeclaration]

    public init(analysis: ProjectAnalysis, functions: [FunctionDeclaration] = []) {
        self.analysis = analysis
        self.functions = functions
    }

    /// SQLite's version, for reports.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    public func run() -> [SQLFirstDiagnostic] {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let db = handle
        else {
            sqlite3_close_v2(handle)
            return [
                SQLFirstDiagnostic(
                    location: SQLSourceLocation(file: "<sqlite>", line: 1, column: 1),
                    message: "cannot open an in-memory SQLite database")
            ]
        }
        defer { sqlite3_close_v2(db) }
        // As Codd's connections: a double-quoted name is never a string.
        _ = codd_sqlite3_db_config_bool(db, SQLITE_DBCONFIG_DQS_DML, 0)
        _ = codd_sqlite3_db_config_bool(db, SQLITE_DBCONFIG_DQS_DDL, 0)
        registerStubs(db)
        var diagnostics: [SQLFirstDiagnostic] = []
        for migration in analysis.migrations {
            guard let sql = migration.sql else { return diagnostics }
            for statement in sql.statements {
                let code = sqlite3_exec(db, statement.sql, nil, nil, nil)
                guard code == SQLITE_OK else {
                    let message = String(cString: sqlite3_errmsg(db))
                    let offset = Int(sqlite3_error_offset(db))
                    let location = MigrationLocator(file: migration.file, statement: statement).location(
                        ofStrippedOffset: offset, message: message)
                    diagnostics.append(SQLFirstDiagnostic(location: location, message: message))
                    // Later statements and the queries would fail for this one.
                    return diagnostics
                }
            }
        }
        for file in analysis.files {
            for query in file.queries {
                for statement in query.statements {
                    if let diagnostic = check(statement, db) { diagnostics.append(diagnostic) }
                }
            }
        }
        return diagnostics
    }

    private func check(_ statement: AnalyzedStatement, _ db: OpaquePointer) -> SQLFirstDiagnostic? {
        var prepared: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let sql = statement.checkSQL
        let code = sql.withCString { sqlite3_prepare_v2(db, $0, -1, &prepared, &tail) }
        defer { sqlite3_finalize(prepared) }
        let locator = StatementLocator(statement: statement)
        guard code == SQLITE_OK, let prepared else {
            let message = String(cString: sqlite3_errmsg(db))
            return SQLFirstDiagnostic(
                location: locator.location(ofCheckOffset: Int(sqlite3_error_offset(db)), message: message),
                message: message)
        }
        let count = Int(sqlite3_column_count(prepared))
        let expected = statement.resultColumnNames
        let found = (0..<count).map { String(cString: sqlite3_column_name(prepared, Int32($0))) }
        let namesAgree = zip(expected, found).allSatisfy { $0.isEmpty || $0.lowercased() == $1.lowercased() }
        if count != expected.count || !namesAgree {
            return SQLFirstDiagnostic(
                location: statement.location,
                message:
                    "Codd's analysis expects the columns (\(expected.map { $0.isEmpty ? "…" : $0 }.joined(separator: ", "))) where SQLite returns (\(found.joined(separator: ", "))); nothing is generated for a query the two read differently: please report it"
            )
        }
        return nil
    }

    /// The collations of Codd's standard codecs (`CoddDecimal`'s `SQLCollation.decimal`).
    static let standardCollations = ["codd_decimal"]

    /// Declared app functions, as functions that return NULL: SQLite needs them to
    /// prepare a query that calls them.
    private func registerStubs(_ db: OpaquePointer) {
        // The collations Codd's standard codecs register on every connection (Decimal's
        // numeric order), as stand-ins: a column may name one in its migration, and
        // preparing a query that sorts by it compares nothing.
        for name in Self.standardCollations {
            sqlite3_create_collation_v2(db, name, SQLITE_UTF8, nil, { _, _, _, _, _ in 0 }, nil)
        }
        for function in functions {
            let count = Int32(function.arguments.count)
            if function.isAggregate == true {
                sqlite3_create_function_v2(
                    db, function.name, count, SQLITE_UTF8, nil, nil, { _, _, _ in },
                    { context in sqlite3_result_null(context) }, nil)
            } else {
                sqlite3_create_function_v2(
                    db, function.name, count, SQLITE_UTF8, nil, { context, _, _ in sqlite3_result_null(context) }, nil,
                    nil, nil)
            }
        }
    }
}
