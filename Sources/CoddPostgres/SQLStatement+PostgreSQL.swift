#if PostgreSQL
import CoddCore
import CoddQuery

// The DSL's statements on PostgreSQL: PGConnection is an asynchronous driver
// (`SQLAsyncDriverConnection`); CoddQuery writes running a statement once, and these
// methods, the same names as on SQLite, forward to it.

extension PGConnection: SQLAsyncDriverConnection {
    /// PostgreSQL's: `$1 … $n`, natively typed values cast (`$1::uuid`).
    public var dialect: SQLDialect { .postgreSQL }

    /// The most parameters one statement binds: the wire protocol counts them in 16 bits.
    public var maximumParameterCount: Int { 65_535 }

    /// Throws for a statement with named parameters (run it through
    /// `preparedForPostgreSQL()` with their values).
    public func checkExecutable(_ rendered: SQLBuilder) throws {
        try rendered.requireNoParameterSlots()
        // A collation written in Swift runs inside SQLite: the server has no such collation.
        if let collation = rendered.collations.first {
            throw SQLDialectError(
                feature: "the collation \(SQLBuilder.quoted(collation.name)), written in Swift,", dialect: dialect)
        }
    }

    public func run(_ rendered: SQLBuilder) async throws {
        try await execute(rendered.fragment)
    }

    public func fetchAll<Row: SQLRowDecodable>(
        _ type: Row.Type, _ rendered: SQLBuilder, table: @autoclosure () -> String?
    ) async throws -> [Row] {
        try await fetchAll(type, rendered.fragment, table: table())
    }

    /// All or none: in a savepoint when a transaction is open, else in a transaction of its own.
    public func allOrNone(_ body: () async throws -> Void) async throws {
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

extension SQLStatement {
    /// Executes the statement (rendered for PostgreSQL).
    ///
    /// A multi-row INSERT of more than 65,535 parameters (the most one PostgreSQL message
    /// carries) runs as several INSERTs of consecutive rows, all or none: inside a
    /// savepoint of the caller's transaction, or a transaction of its own.
    public func execute(_ db: PGConnection) async throws {
        try await execute(on: db)
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
        try await fetchAll(on: db)
    }

    /// The first row, or `nil`.
    public func fetchOne(_ db: PGConnection) async throws -> Row.Fetched? {
        try await fetchOne(on: db)
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement limits itself or is a count), or `nil`.
    public func fetchOne(_ db: PGConnection) async throws -> Columns.Fetched? {
        try await fetchOne(on: db)
    }

    /// The number of rows the statement returns: `SELECT count(*) …`.
    public func fetchCount(_ db: PGConnection) async throws -> Int {
        try await fetchCount(on: db)
    }
}
#endif
