import CoddCore

/// A connection of a synchronous driver (SQLite's `Connection`, the GRDB bridge's): the few
/// things a statement needs from it. Running a statement is written once, in CoddQuery, in
/// terms of these (`execute(on:)`, `fetchAll(on:)`, …):
/// the dialect it renders in, the check of what it needs, the `LIMIT 1` of a one-row fetch,
/// and a multi-row INSERT split under the parameter limit in one savepoint. A driver's own
/// `execute(db)` and `fetchAll(db)` forward to them.
public protocol SQLDriverConnection {
    /// The dialect statements render in.
    var dialect: SQLDialect { get }
    /// The most parameters one statement may bind.
    var maximumParameterCount: Int { get }
    /// Throws unless the rendered statement can run here: no named parameter left
    /// unbound, every feature it needs (`SQLFeatureRequirement`) supported.
    func checkExecutable(_ rendered: SQLBuilder) throws
    /// Runs a rendered statement to its end, ignoring rows.
    func run(_ rendered: SQLBuilder) throws
    /// Every row of a rendered statement, decoded as `Row`; `table` names the table a
    /// statement of one table's rows reads, for errors where the engine cannot tell (asked
    /// only by a driver that needs it: finding it is a dynamic cast).
    func fetchAll<Row: SQLRowDecodable>(_ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?)
        throws -> [Row]
    /// The first row of a rendered statement, or `nil`; a statement that writes runs to
    /// its end.
    func fetchFirst<Row: SQLRowDecodable>(_ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?)
        throws -> Row?
    /// Runs `body` all or nothing: a savepoint (in the caller's transaction, or one of its own).
    func allOrNone<T>(_ body: () throws -> T) throws -> T
    /// Buffers to render the next statement into: the emptied buffers of the last one this
    /// connection ran, so that a statement built on every call allocates neither its SQL nor
    /// its bindings. The default lends new, empty ones.
    func borrowRenderBuffers() -> SQLRenderBuffers
    /// Takes back the buffers a statement rendered into, once it has run, for the next.
    /// The default drops them.
    func returnRenderBuffers(_ buffers: consuming SQLRenderBuffers)
}

extension SQLDriverConnection {
    public func borrowRenderBuffers() -> SQLRenderBuffers { SQLRenderBuffers() }
    public func returnRenderBuffers(_ buffers: consuming SQLRenderBuffers) {}
}

/// A connection of an asynchronous driver (PostgreSQL's `PGConnection`): the same as
/// ``SQLDriverConnection``, each step `async`.
public protocol SQLAsyncDriverConnection {
    var dialect: SQLDialect { get }
    var maximumParameterCount: Int { get }
    func checkExecutable(_ rendered: SQLBuilder) throws
    func run(_ rendered: SQLBuilder) async throws
    func fetchAll<Row: SQLRowDecodable>(_ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?)
        async throws -> [Row]
    func allOrNone(_ body: () async throws -> Void) async throws
}

extension SQLStatement {
    /// Runs the statement on a driver's connection, ignoring any rows. A multi-row INSERT
    /// that would bind more parameters than the connection allows runs as several INSERTs of
    /// consecutive rows, all or none.
    @inlinable
    public func execute(on db: some SQLDriverConnection) throws {
        let rendered = try rendered(dialect: db.dialect, reusing: db.borrowRenderBuffers())
        try db.checkExecutable(rendered)
        if rendered.bindings.count > db.maximumParameterCount,
            let parts = try parts(parameterLimit: db.maximumParameterCount, parameterCount: rendered.bindings.count)
        {
            return try db.allOrNone { for part in parts { try part.execute(on: db) } }
        }
        try db.run(rendered)
        db.returnRenderBuffers((consume rendered).takeBuffers())
    }

    /// Runs the statement on an asynchronous driver's connection, ignoring any rows.
    public func execute(on db: some SQLAsyncDriverConnection) async throws {
        let rendered = try rendered(dialect: db.dialect)
        try db.checkExecutable(rendered)
        if rendered.bindings.count > db.maximumParameterCount,
            let parts = try parts(parameterLimit: db.maximumParameterCount, parameterCount: rendered.bindings.count)
        {
            return try await db.allOrNone { for part in parts { try await part.execute(on: db) } }
        }
        try await db.run(rendered)
    }

    /// The statement split under `parameterLimit` (a multi-row INSERT), or `nil` when it
    /// cannot be split: it then runs whole, and the engine reports too many parameters.
    @usableFromInline
    func parts(parameterLimit: Int, parameterCount: Int) throws -> [Self]? {
        guard let batching = self as? any SQLRowBatching,
            let batches = try batching.batches(parameterLimit: parameterLimit, parameterCount: parameterCount)
        else { return nil }
        // The parts are of the statement's own type (`batches` returns `[Self]`).
        let parts = batches.compactMap { $0 as? Self }
        return parts.count == batches.count ? parts : nil
    }
}

extension SQLSelectStatement {
    /// The table whose rows the statement returns, when they are one table's rows: it names
    /// the table in decoding errors where the engine cannot (PostgreSQL).
    @inlinable
    static var rowTable: String? { (Row.self as? any Table.Type)?.tableName }

    /// The rows of the statement as its row type, not yet their `Fetched` values: what
    /// `fetchAll(on:)` and a prefetch's statements run.
    @inlinable
    public func fetchRows(on db: some SQLDriverConnection) throws -> [Row] {
        let rendered = try rendered(dialect: db.dialect, reusing: db.borrowRenderBuffers())
        try db.checkExecutable(rendered)
        if rendered.bindings.count > db.maximumParameterCount,
            let parts = try parts(parameterLimit: db.maximumParameterCount, parameterCount: rendered.bindings.count)
        {
            return try db.allOrNone { try parts.flatMap { try $0.fetchRows(on: db) } }
        }
        let rows = try db.fetchAll(Row.self, rendered, table: Self.rowTable)
        db.returnRenderBuffers((consume rendered).takeBuffers())
        return rows
    }

    /// Every row: rows of a table or selection, single values, or tuples.
    @inlinable
    public func fetchAll(on db: some SQLDriverConnection) throws -> [Row.Fetched] {
        Self.handBack(try fetchRows(on: db))
    }

    /// The first row, or `nil` (no `LIMIT` is added: a `Select`'s own `fetchOne` adds one).
    @inlinable
    public func fetchOne(on db: some SQLDriverConnection) throws -> Row.Fetched? {
        let rendered = try rendered(dialect: db.dialect, reusing: db.borrowRenderBuffers())
        try db.checkExecutable(rendered)
        let row = try db.fetchFirst(Row.self, rendered, table: Self.rowTable)
        db.returnRenderBuffers((consume rendered).takeBuffers())
        return row?.fetched
    }

    /// The rows on an asynchronous driver's connection, as their row type.
    public func fetchRows(on db: some SQLAsyncDriverConnection) async throws -> [Row] {
        let rendered = try rendered(dialect: db.dialect)
        try db.checkExecutable(rendered)
        if rendered.bindings.count > db.maximumParameterCount,
            let parts = try parts(parameterLimit: db.maximumParameterCount, parameterCount: rendered.bindings.count)
        {
            var rows: [Row] = []
            try await db.allOrNone { for part in parts { rows += try await part.fetchRows(on: db) } }
            return rows
        }
        return try await db.fetchAll(Row.self, rendered, table: Self.rowTable)
    }

    /// Every row, on an asynchronous driver's connection.
    public func fetchAll(on db: some SQLAsyncDriverConnection) async throws -> [Row.Fetched] {
        Self.handBack(try await fetchRows(on: db))
    }

    /// The first row, or `nil`, on an asynchronous driver's connection.
    public func fetchOne(on db: some SQLAsyncDriverConnection) async throws -> Row.Fetched? {
        try await fetchAll(on: db).first
    }

    /// Rows as a fetch hands them back: the same array when rows are their own `Fetched`.
    @inlinable
    package static func handBack(_ rows: [Row]) -> [Row.Fetched] {
        if let same = rows as? [Row.Fetched] { return same }
        return rows.map(\.fetched)
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement limits itself or is a count), or `nil`.
    @inlinable
    public func fetchOne(on db: some SQLDriverConnection) throws -> Columns.Fetched? {
        let rendered = try renderedFirstRow(dialect: db.dialect, reusing: db.borrowRenderBuffers())
        try db.checkExecutable(rendered)
        let row = try db.fetchFirst(Columns.self, rendered, table: Self.rowTable)
        db.returnRenderBuffers((consume rendered).takeBuffers())
        return row?.fetched
    }

    /// The number of rows the statement matches: `SELECT count(*) FROM …`.
    public func fetchCount(on db: some SQLDriverConnection) throws -> Int {
        try count().fetchOne(on: db) ?? 0
    }

    /// The first row, or `nil`, on an asynchronous driver's connection.
    public func fetchOne(on db: some SQLAsyncDriverConnection) async throws -> Columns.Fetched? {
        let rendered = try renderedFirstRow(dialect: db.dialect)
        try db.checkExecutable(rendered)
        return try await db.fetchAll(Columns.self, rendered, table: Self.rowTable).first?.fetched
    }

    /// The number of rows the statement matches, on an asynchronous driver's connection.
    public func fetchCount(on db: some SQLAsyncDriverConnection) async throws -> Int {
        try await count().fetchAll(on: db).first ?? 0
    }
}
