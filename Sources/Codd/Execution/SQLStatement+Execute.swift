import CoddCore
import CoddQuery
import CoddSQLite

// Codd's statements on SQLite's `Connection`: the driver's side of `SQLDriverConnection`
// (CoddQuery writes running a statement once, for every driver), and the public methods,
// which forward to it. Inlinable, so that a fetch specializes for its row type in the
// caller's module: the row decodes straight from the statement, with no generic dispatch
// per column.

extension Connection: SQLDriverConnection {
    public var dialect: SQLDialect { .sqlite }

    /// Checks that this SQLite has what a rendered statement uses, and that the statement
    /// has no named parameters (those run through `prepared()`).
    @inlinable
    public func checkExecutable(_ rendered: SQLBuilder) throws {
        try checkRequirement(of: rendered)
    }

    public func run(_ rendered: SQLBuilder) throws {
        try rendered.withSQLBytes { try execute(utf8: $0, bindings: rendered.bindings) }
    }

    @inlinable
    public func fetchAll<Row: SQLRowDecodable>(
        _ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?
    ) throws -> [Row] {
        try rendered.withSQLBytes { try fetchAll(type, utf8: $0, bindings: rendered.bindings) }
    }

    @inlinable
    public func fetchFirst<Row: SQLRowDecodable>(
        _ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?
    ) throws -> Row? {
        try rendered.withSQLBytes { try fetchOne(type, utf8: $0, bindings: rendered.bindings) }
    }

    /// A savepoint: in the caller's transaction, or a transaction of its own.
    public func allOrNone<T>(_ body: () throws -> T) throws -> T {
        try savepoint { _ in try body() }
    }

    /// The emptied buffers of the last statement rendered here; empty ones while that
    /// statement still holds them (a query run inside another's loop).
    public func borrowRenderBuffers() -> SQLRenderBuffers {
        var buffers = SQLRenderBuffers()
        swap(&buffers, &renderBuffers)
        return buffers
    }

    public func returnRenderBuffers(_ buffers: consuming SQLRenderBuffers) {
        renderBuffers = buffers
    }
}

extension SQLStatement {
    /// Runs the statement, ignoring any rows.
    ///
    /// A multi-row INSERT that would bind more parameters than the connection allows
    /// (`Connection.maximumParameterCount`) runs as several INSERTs of consecutive rows,
    /// inside a savepoint: all of its rows are written, or none.
    @inlinable
    public func execute(_ db: Connection) throws {
        try execute(on: db)
    }
}

extension SQLSelectStatement {
    /// Every row the statement returns: rows of a table or selection, single values, or
    /// tuples for a statement that selects several expressions.
    @inlinable
    public func fetchAll(_ db: Connection) throws -> [Row.Fetched] {
        try fetchAll(on: db)
    }

    /// The first row, or `nil`.
    @inlinable
    public func fetchOne(_ db: Connection) throws -> Row.Fetched? {
        try fetchOne(on: db)
    }

    /// A cursor that decodes one row at a time, for results too large to hold.
    public func fetchCursor(_ db: Connection) throws -> RowCursor<Row> {
        try db.cursor(Row.self, db.checked(fragment))
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`.
    @inlinable
    public func fetchOne(_ db: Connection) throws -> Columns.Fetched? {
        try fetchOne(on: db)
    }

    /// The number of rows the statement matches.
    public func fetchCount(_ db: Connection) throws -> Int {
        try fetchCount(on: db)
    }
}
