@_spi(CoddBridge) import CoddSQLite
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
        }
    }
}
