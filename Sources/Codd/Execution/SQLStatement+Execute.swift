import CoddCore
import CoddQuery
import CoddSQLite

extension SQLStatement {
    /// Runs the statement, ignoring any rows.
    ///
    /// A multi-row INSERT that would bind more parameters than the connection allows
    /// (`Connection.maximumParameterCount`) runs as several INSERTs of consecutive rows,
    /// inside a savepoint: all of its rows are written, or none.
    public func execute(_ db: Connection) throws {
        let rendered = try rendered()
        try db.checkRequirement(of: rendered)
        if rendered.bindings.count > db.maximumParameterCount,
            try db.runInBatches(self, parameterCount: rendered.bindings.count, { try $0.execute(db) }) != nil
        {
            return
        }
        try db.execute(utf8: rendered.sqlBytes, bindings: rendered.bindings)
    }
}

// Inlinable, so that a fetch specializes for its row type in the caller's module: the row
// decodes straight from the statement, with no generic dispatch per column.

extension SQLSelectStatement {
    /// Every row the statement returns: rows of a table or selection, single values, or
    /// tuples for a statement that selects several expressions.
    @inlinable
    public func fetchAll(_ db: Connection) throws -> [Row.Fetched] {
        Self.handBack(try db.fetchRows(self))
    }

    /// The first row, or `nil`.
    @inlinable
    public func fetchOne(_ db: Connection) throws -> Row.Fetched? {
        let rendered = try rendered()
        try db.checkRequirement(of: rendered)
        return try db.fetchOne(Row.self, utf8: rendered.sqlBytes, bindings: rendered.bindings)?.fetched
    }

    /// A cursor that decodes one row at a time, for results too large to hold.
    public func fetchCursor(_ db: Connection) throws -> RowCursor<Row> {
        try db.cursor(Row.self, db.checked(fragment))
    }

    /// Rows as a fetch hands them back: the same array when rows are their own `Fetched`.
    @inlinable
    static func handBack(_ rows: [Row]) -> [Row.Fetched] {
        if let same = rows as? [Row.Fetched] { return same }
        return rows.map(\.fetched)
    }
}

extension Connection {
    /// The rows of `statement` as its row type (not yet their `Fetched` values): what
    /// `fetchAll` and a prefetch's two statements run. An INSERT … RETURNING over the
    /// parameter limit runs in parts, as ``SQLStatement/execute(_:)`` does, and returns the
    /// rows of every part in order.
    @inlinable
    func fetchRows<Statement: SQLSelectStatement>(_ statement: Statement) throws -> [Statement.Row] {
        let rendered = try statement.rendered()
        try checkRequirement(of: rendered)
        if rendered.bindings.count > maximumParameterCount,
            let parts = try runInBatches(statement, parameterCount: rendered.bindings.count, { try self.fetchRows($0) })
        {
            return parts.flatMap { $0 }
        }
        return try fetchAll(Statement.Row.self, utf8: rendered.sqlBytes, bindings: rendered.bindings)
    }

    /// Runs `run` on each part of `statement` split under the parameter limit, inside one
    /// savepoint, and returns the results; `nil` when the statement cannot be split (it then
    /// runs whole, and SQLite reports too many parameters).
    @usableFromInline
    func runInBatches<Statement: SQLStatement, Result>(
        _ statement: Statement, parameterCount: Int, _ run: (Statement) throws -> Result
    ) throws -> [Result]? {
        guard let batching = statement as? any SQLRowBatching,
            let batches = try batching.batches(parameterLimit: maximumParameterCount, parameterCount: parameterCount)
        else { return nil }
        // The parts are of the statement's own type (`batches` returns `[Self]`).
        let parts = batches.compactMap { $0 as? Statement }
        guard parts.count == batches.count else { return nil }
        return try savepoint { _ in try parts.map(run) }
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`.
    @inlinable
    public func fetchOne(_ db: Connection) throws -> Columns.Fetched? {
        // `LIMIT 1` unless the statement limits itself or is a count (one row; a limit
        // there would limit the rows counted).
        let rendered = try renderedFirstRow()
        try db.checkRequirement(of: rendered)
        return try db.fetchOne(Columns.self, utf8: rendered.sqlBytes, bindings: rendered.bindings)?.fetched
    }

    /// The number of rows the statement matches.
    public func fetchCount(_ db: Connection) throws -> Int {
        try db.fetchOne(Int.self, db.checked(count().fragment)) ?? 0
    }
}
