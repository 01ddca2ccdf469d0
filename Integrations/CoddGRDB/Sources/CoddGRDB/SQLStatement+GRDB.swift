@_spi(CoddBridge) import CoddQuery
@_spi(CoddBridge) import CoddSQLite
import CoddCore
import GRDB

// Codd statements on a GRDB connection: the names of Codd's own execution API, taking
// GRDB's `Database` (inside `dbQueue.read { db in … }`, `dbPool.write { db in … }`).
// Inlinable, so that a fetch specializes for its row type in the caller's module, as
// Codd's own fetches do.

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
        try db.withCoddStatement(fragment) { statement, _ in
            try CoddStepCursor(statement).forEach { _ in }
        }
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
        try db.withCoddStatement(fragment) { statement, reader in
            try reader.requireColumns(for: Row.self)
            var rows: [Row.Fetched] = []
            try CoddRowCursor<Row>(statement, reader: reader).forEach { rows.append($0.fetched) }
            return rows
        }
    }

    /// The first row, or `nil`, on a GRDB connection (no `LIMIT` is added: a `Select`'s
    /// own `fetchOne` adds one). A write with `RETURNING` runs to its end.
    @inlinable
    public func fetchOne(_ db: GRDB.Database) throws -> Row.Fetched? {
        try db.fetchFirst(Row.self, fragment)?.fetched
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`, on a GRDB
    /// connection.
    @inlinable
    public func fetchOne(_ db: GRDB.Database) throws -> Columns.Fetched? {
        try db.fetchFirst(Columns.self, firstRowFragment)?.fetched
    }

    /// The number of rows the statement matches, on a GRDB connection:
    /// `SELECT count(*) FROM …`.
    public func fetchCount(_ db: GRDB.Database) throws -> Int {
        try db.fetchFirst(Int.self, count().fragment) ?? 0
    }

    /// The statement `fetchOne` runs, rendered (not inlinable: it reads Codd's SPI).
    @usableFromInline
    var firstRowFragment: SQLFragment {
        get throws { try firstRowStatement.fragment }
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
