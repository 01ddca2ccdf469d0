@_spi(CoddBridge) import CoddSQLite
import Foundation
import CoddCore
import GRDB
import GRDBSQLite

extension GRDB.Database {
    /// Runs `body` with `fragment` prepared on this GRDB connection and its values bound by
    /// Codd: GRDB's statement (which GRDB steps, so that its transaction observers,
    /// `ValueObservation` regions and error handling see the statement as one of its own)
    /// and a Codd statement over the same `sqlite3_stmt`, which binds and decodes with
    /// Codd's own code. The statement is reset afterwards, so no read stays open.
    ///
    /// The statement comes from GRDB's statement cache (`cachedStatement(sql:)`), or is
    /// prepared anew when the cached one is being stepped (a query nested in its own loop).
    @usableFromInline
    func withCoddStatement<T>(
        _ fragment: SQLFragment,
        _ body: (GRDB.Statement, CoddSQLite.Statement) throws -> T
    ) throws -> T {
        let sql = fragment.sql
        // GRDB prepares from a C string: SQL with a NUL byte would run truncated. (Codd binds
        // text values, so only an identifier holding NUL puts one in SQL.)
        if sql.utf8.contains(0) {
            var error = SQLiteError(
                code: .misuse, message: "The SQL contains a NUL byte, which SQLite would read as its end", sql: sql
            )
            error.isDriverMisuse = true
            throw error
        }
        var statement = try cachedStatement(sql: sql)
        if sqlite3_stmt_busy(statement.sqliteStatement) != 0 {
            statement = try makeStatement(sql: sql)
        }
        let codd = CoddSQLite.Statement(borrowing: statement.sqliteStatement, sql: sql)
        defer { codd.reset() }
        codd.reset()
        do {
            try codd.bind(fragment.bindings)
            return try body(statement, codd)
        } catch var error as SQLDecodingError {
            error.sql = sql
            throw error
        } catch let error as DatabaseError {
            // GRDB builds its error from the arguments it recorded on its statement, which Codd
            // bound past (a cached one keeps an earlier use's): rebuilt with this statement's.
            throw DatabaseError(
                resultCode: error.extendedResultCode, message: error.message, sql: error.sql,
                arguments: StatementArguments(fragment.bindings.map(\.databaseValue)),
                publicStatementArguments: configuration.publicStatementArguments)
        }
    }
}

extension SQLValue {
    /// The value as GRDB's `DatabaseValue`.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }
}
