#if PostgreSQL
import CoddCore
import CoddQuery

// The DSL's statements on PostgreSQL: rendered in its dialect (`$1 … $n`, native values
// cast: `$1::uuid`), then run on a pooled connection. The same names as on SQLite.

extension SQLStatement {
    /// Executes the statement (rendered for PostgreSQL).
    ///
    /// A multi-row INSERT of more than 65,535 parameters (the most one PostgreSQL message
    /// carries) runs as several INSERTs of consecutive rows, all or none: inside a
    /// savepoint of the caller's transaction, or a transaction of its own.
    public func execute(_ db: PGConnection) async throws {
        let fragment = try postgreSQLFragment()
        if fragment.bindings.count > PGConnection.maximumParameterCount,
            let parts = try db.batches(of: self, parameterCount: fragment.bindings.count)
        {
            try await db.allOrNone { for part in parts { try await db.execute(part.postgreSQLFragment()) } }
            return
        }
        try await db.execute(fragment)
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
    /// Every row, decoded as the statement's row type. An INSERT … RETURNING over the
    /// parameter limit runs in parts, as ``SQLStatement/execute(_:)`` does, and returns the
    /// rows of every part in order.
    public func fetchAll(_ db: PGConnection) async throws -> [Row.Fetched] {
        let fragment = try postgreSQLFragment()
        let table = (Row.self as? any Table.Type)?.tableName
        var rows: [Row] = []
        if fragment.bindings.count > PGConnection.maximumParameterCount,
            let parts = try db.batches(of: self, parameterCount: fragment.bindings.count)
        {
            try await db.allOrNone {
                for part in parts { rows += try await db.fetchAll(Row.self, part.postgreSQLFragment(), table: table) }
            }
        } else {
            rows = try await db.fetchAll(Row.self, fragment, table: table)
        }
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

extension PGConnection {
    /// The most parameters one statement binds: the wire protocol counts them in 16 bits.
    static let maximumParameterCount = 65_535

    /// `statement` split under the parameter limit, or `nil` when it cannot be split.
    func batches<Statement: SQLStatement>(of statement: Statement, parameterCount: Int) throws -> [Statement]? {
        guard let batching = statement as? any SQLRowBatching,
            let batches = try batching.batches(parameterLimit: Self.maximumParameterCount, parameterCount: parameterCount)
        else { return nil }
        let parts = batches.compactMap { $0 as? Statement }
        return parts.count == batches.count ? parts : nil
    }

    /// Runs `body` all or nothing: in a savepoint when a transaction is open, else in a
    /// transaction of its own.
    func allOrNone(_ body: () async throws -> Void) async throws {
        let inTransaction: Bool
        do {
            try await execute("SAVEPOINT \"codd_batches\"")
            inTransaction = true
        } catch {
            // "SAVEPOINT can only be used in transaction blocks": none is open.
            try await execute("BEGIN")
            inTransaction = false
        }
        do {
            try await body()
        } catch {
            if inTransaction {
                try? await execute("ROLLBACK TO SAVEPOINT \"codd_batches\"")
                try? await execute("RELEASE SAVEPOINT \"codd_batches\"")
            } else {
                try? await execute("ROLLBACK")
            }
            throw error
        }
        try await execute(inTransaction ? "RELEASE SAVEPOINT \"codd_batches\"" : "COMMIT")
    }
}
#endif
