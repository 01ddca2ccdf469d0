@_spi(CoddBridge) import CoddSQLite
import CoddCore
import CoddQuery
import GRDB
import GRDBSQLite

// Codd statements on a GRDB connection: the names of Codd's own execution API, taking
// GRDB's `Database` (inside `dbQueue.read { db in … }`, `dbPool.write { db in … }`). GRDB's
// connection is a synchronous driver (`SQLDriverConnection`, through `CoddGRDBConnection`):
// CoddQuery writes running a statement once, and these methods forward to it. Inlinable,
// so that a fetch specializes for its row type in the caller's module, as Codd's own
// fetches do.

/// GRDB's connection as a driver of Codd statements: GRDB steps every statement (its
/// transaction observers, `ValueObservation` regions and errors see it as one of its own);
/// Codd binds and decodes.
public struct CoddGRDBConnection: SQLDriverConnection {
    @usableFromInline let db: GRDB.Database

    @inlinable
    public init(_ db: GRDB.Database) {
        self.db = db
    }

    public var dialect: SQLDialect { .sqlite }

    /// GRDB's connection's `SQLITE_LIMIT_VARIABLE_NUMBER`.
    public var maximumParameterCount: Int {
        Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
    }

    /// No named parameter left unbound; every feature the running SQLite supports.
    public func checkExecutable(_ rendered: SQLBuilder) throws {
        try rendered.requireNoParameterSlots()
        if let requirement = rendered.requirement, !requirement.isMet(by: .runtime) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: .runtime, sql: rendered.sql)
        }
    }

    public func run(_ rendered: SQLBuilder) throws {
        try db.withCoddStatement(rendered.fragment) { statement, _ in
            try CoddStepCursor(statement).forEach { _ in }
        }
    }

    @inlinable
    public func fetchAll<Row: SQLRowDecodable>(
        _ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?
    ) throws -> [Row] {
        try db.withCoddStatement(rendered.fragment) { statement, reader in
            try reader.requireColumns(for: Row.self)
            var rows: [Row] = []
            try CoddRowCursor<Row>(statement, reader: reader).forEach { rows.append($0) }
            return rows
        }
    }

    /// The first row; a statement that writes is stepped to its end, so that all of its
    /// changes are made and reported to GRDB.
    @inlinable
    public func fetchFirst<Row: SQLRowDecodable>(
        _ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?
    ) throws -> Row? {
        try db.fetchFirst(type, rendered.fragment)
    }

    /// A savepoint: in the caller's transaction, or a transaction of its own.
    public func allOrNone<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try db.inSavepoint {
            result = try body()
            return .commit
        }
        guard let result else {
            var error = SQLiteError(code: .misuse, message: "the savepoint ran nothing")
            error.isDriverMisuse = true
            throw error
        }
        return result
    }
}

extension SQLStatement {
    /// Runs the statement on a GRDB connection, ignoring any rows.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try Reminder.insert { Reminder.Draft(title: "Buy milk") }.execute(db)
    /// }
    /// ```
    ///
    /// GRDB steps the statement, so its transaction observers (`ValueObservation`,
    /// `DatabaseRegionObservation`) see the changes; an SQLite error is GRDB's
    /// `DatabaseError`, with the SQL.
    public func execute(_ db: GRDB.Database) throws {
        try execute(on: CoddGRDBConnection(db))
    }
}

extension SQLSelectStatement {
    /// Every row the statement returns, on a GRDB connection: rows of a table or
    /// selection, single values, or tuples.
    ///
    /// ```swift
    /// let rows = try dbQueue.read { db in try Reminder.where { $0.priority == Priority.high }.fetchAll(db) }
    /// ```
    @inlinable
    public func fetchAll(_ db: GRDB.Database) throws -> [Row.Fetched] {
        try fetchAll(on: CoddGRDBConnection(db))
    }

    /// The first row, or `nil`, on a GRDB connection (no `LIMIT` is added: a `Select`'s
    /// own `fetchOne` adds one). A write with `RETURNING` runs to its end.
    @inlinable
    public func fetchOne(_ db: GRDB.Database) throws -> Row.Fetched? {
        try fetchOne(on: CoddGRDBConnection(db))
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`, on a GRDB
    /// connection.
    @inlinable
    public func fetchOne(_ db: GRDB.Database) throws -> Columns.Fetched? {
        try fetchOne(on: CoddGRDBConnection(db))
    }

    /// The number of rows the statement matches, on a GRDB connection:
    /// `SELECT count(*) FROM …`.
    public func fetchCount(_ db: GRDB.Database) throws -> Int {
        try fetchCount(on: CoddGRDBConnection(db))
    }
}

extension GRDB.Database {
    /// The first row of `fragment` as `type`, or `nil`. A statement that writes is stepped
    /// to its end, so that all of its changes are made and reported to GRDB.
    @inlinable
    func fetchFirst<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) throws -> R? {
        try withCoddStatement(fragment) { statement, reader in
            try reader.requireColumns(for: type)
            let cursor = CoddRowCursor<R>(statement, reader: reader)
            let first = try cursor.next()
            if !statement.isReadonly { while try cursor.next() != nil {} }
            return first
        }
    }
}
