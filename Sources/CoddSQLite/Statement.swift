import CSQLite
import CoddCore

/// A prepared statement: `sqlite3_stmt` with its SQL.
///
/// It is the column reader and the binding context of the driver: values decode from and
/// bind into the engine's buffers directly, with no boxed value per column. Statements
/// come from a ``Connection``, which caches them by SQL; they are not `Sendable` and live
/// no longer than the access that prepared them.
public final class Statement {
    /// The `sqlite3_stmt` pointer.
    @usableFromInline let handle: OpaquePointer
    /// The SQL the statement was prepared from.
    public let sql: String
    /// Its UTF-8 bytes, which the connection's cache matches.
    let sqlUTF8: [UInt8]
    /// The number of `?` parameters.
    public let parameterCount: Int
    /// The number of result columns.
    public let columnCount: Int
    /// The parameter the next binding goes to, from 1.
    ///
    /// Unchecked for exclusivity: a statement is used by one thread and never lends this
    /// out `inout`, and the dynamic check cost about 170 instructions per bound value
    /// (`swift_beginAccess`) where binding goes through generic code.
    @exclusivity(unchecked) @usableFromInline var nextParameter: Int32 = 1
    /// Whether a fetch or cursor is using the statement (a cached statement in use is not
    /// handed out again: a nested query with the same SQL gets a fresh one).
    @exclusivity(unchecked) @usableFromInline var isInUse = false
    /// Whether the statement finalizes its handle: false for one borrowed from another
    /// library (``init(borrowing:sql:)``).
    let ownsHandle: Bool
    /// The row type whose columns the statement was last checked against
    /// (``requireColumns(for:)``), so that a cached statement checks its column names once.
    @exclusivity(unchecked) @usableFromInline var checkedRowType: ObjectIdentifier?
    /// For that row type, where each column it reads is among the statement's (by name), when
    /// the statement returns them in another order; `nil` reads them by position.
    @exclusivity(unchecked) @usableFromInline var rowColumnMap: [Int]?
    /// SQLite's count of the statement's repreparations when its columns were checked.
    @exclusivity(unchecked) @usableFromInline var checkedRepreparations: Int32 = 0
    /// Whether that row type reads its columns by name (a table's row).
    @exclusivity(unchecked) @usableFromInline var checkedByName = false

    init(connection: OpaquePointer, sql: String, persistent: Bool) throws {
        try Self.requireNoNUL(in: sql)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { sqlite3_prepare_v3(connection, $0, -1, flags, &statement, &tail) }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError.preparing(on: connection, resultCode: code, sql: sql)
        }
        guard let statement else {
            throw SQLiteError.misuse("The SQL holds no statement", sql: sql)
        }
        // One statement at a time: a second one would be silently ignored.
        if let tail, Self.holdsStatement(tail, connection: connection) {
            sqlite3_finalize(statement)
            throw SQLiteError.misuse(
                "The SQL holds more than one statement; execute a script without arguments instead",
                sql: sql
            )
        }
        self.handle = statement
        self.sql = sql
        self.sqlUTF8 = Array(sql.utf8)
        self.parameterCount = Int(sqlite3_bind_parameter_count(statement))
        self.columnCount = Int(sqlite3_column_count(statement))
        self.ownsHandle = true
    }

    /// A statement over a `sqlite3_stmt` that another library prepared and owns (the GRDB
    /// bridge, `Integrations/CoddGRDB`): Codd binds values into it and decodes rows from it
    /// with the same code as its own statements, and never finalizes it.
    ///
    /// The owner steps and resets the statement; it must outlive this value. `sql` is only
    /// for error messages.
    @_spi(CoddBridge)
    public init(borrowing handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
        self.sqlUTF8 = []
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
        self.columnCount = Int(sqlite3_column_count(handle))
        self.ownsHandle = false
    }

    deinit {
        if ownsHandle { sqlite3_finalize(handle) }
    }

    /// SQLite stops reading SQL at a NUL byte, so SQL holding one (an identifier with a
    /// NUL, say) would run truncated. Text values with NUL bind, or render as
    /// `CAST(X'…' AS TEXT)`, so they never put one in SQL.
    static func requireNoNUL(in sql: String) throws {
        if sql.utf8.contains(0) {
            throw SQLiteError.misuse("The SQL contains a NUL byte, which SQLite would read as its end", sql: sql)
        }
    }

    /// Whether `sql` holds a statement (not only white space, semicolons and comments).
    private static func holdsStatement(_ sql: UnsafePointer<CChar>, connection: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, 0, &statement, nil)
        sqlite3_finalize(statement)
        return code != SQLITE_OK || statement != nil
    }

    /// Resets the statement for a new execution: rewinds it and moves the binding cursor
    /// back to the first parameter. (Bindings are not cleared: every execution must bind
    /// every parameter, see ``requireAllParametersBound()``.)
    @inlinable
    public func reset() {
        sqlite3_reset(handle)
        nextParameter = 1
    }

    /// Advances to the next row. Returns `false` when there is none.
    @inlinable
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw stepError(code)
    }

    /// Runs the statement to completion, ignoring any rows.
    @inlinable
    public func run() throws {
        while try step() {}
    }

    @usableFromInline
    func stepError(_ code: Int32) -> SQLiteError {
        SQLiteError.last(on: sqlite3_db_handle(handle), resultCode: code, sql: sql)
    }

    /// Throws unless exactly ``parameterCount`` values were bound since the last reset:
    /// a missing value would silently be NULL.
    @inlinable @inline(__always)
    public func requireAllParametersBound() throws {
        if Int(nextParameter) - 1 != parameterCount { throw missingValues() }
    }

    /// The error for fewer values than parameters, out of line.
    @usableFromInline @inline(never)
    func missingValues() -> SQLiteError {
        SQLiteError.misuse(
            "The statement has \(parameterCount) parameter(s) but \(Int(nextParameter) - 1) value(s) were bound",
            sql: sql
        )
    }
}
