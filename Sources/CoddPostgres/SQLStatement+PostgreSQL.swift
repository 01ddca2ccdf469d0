import CoddCore
import CoddQuery

// The DSL's statements on PostgreSQL: rendered in its dialect (`$1 … $n`, native values
// cast: `$1::uuid`), then run on a pooled connection. The same names as on SQLite.

extension SQLStatement {
    /// Executes the statement (rendered for PostgreSQL).
    public func execute(_ db: PGConnection) async throws {
        try await db.execute(postgreSQLFragment())
    }

    /// The statement rendered for PostgreSQL, with its bindings.
    ///
    /// - Throws: `SQLParameterError.unbound` for a statement with named parameters: run it
    ///   through ``preparedForPostgreSQL()`` with their values.
    public func postgreSQLFragment() throws -> SQLFragment {
        let fragment = try fragment(mode: .parameters, dialect: .postgreSQL)
        try fragment.requireNoParameterSlots()
        return fragment
    }
}

extension SQLSelectStatement {
    /// Every row, decoded as the statement's row type.
    public func fetchAll(_ db: PGConnection) async throws -> [Row.Fetched] {
        let rows = try await db.fetchAll(Row.self, postgreSQLFragment(), table: (Row.self as? any Table.Type)?.tableName)
        if let same = rows as? [Row.Fetched] { return same }
        return rows.map(\.fetched)
    }

    /// The first row, or `nil`.
    public func fetchOne(_ db: PGConnection) async throws -> Row.Fetched? {
        try await fetchAll(db).first
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement limits itself or is a count), or `nil`.
    public func fetchOne(_ db: PGConnection) async throws -> Columns.Fetched? {
        let statement = needsLimitOne ? limit(1) : self
        let rows = try await db.fetchAll(
            Columns.self, statement.postgreSQLFragment(), table: (Columns.self as? any Table.Type)?.tableName
        )
        return rows.first?.fetched
    }

    /// The number of rows the statement returns: `SELECT count(*) …`.
    public func fetchCount(_ db: PGConnection) async throws -> Int {
        try await db.fetchOne(Int.self, count().postgreSQLFragment()) ?? 0
    }
}
