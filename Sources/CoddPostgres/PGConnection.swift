#if PostgreSQL
import CoddCore
import PostgresNIO

/// One pooled connection to PostgreSQL, handed to the body of ``PGDatabase/read(isolation:_:)``,
/// ``PGDatabase/write(isolation:_:)`` or ``PGDatabase/withConnection(isolation:_:)``: statements and fetches
/// with the names SQLite's `Connection` uses, all `async`.
///
/// ```swift
/// try await database.write { db in
///     try await db.execute(#"INSERT INTO "tags" ("name") VALUES ($1)"#, "home")
///     let names = try await db.fetchAll(String.self, #"SELECT "name" FROM "tags""#)
/// }
/// ```
///
/// Raw SQL numbers its placeholders `$1 … $n`; values bound from Swift take PostgreSQL's
/// native types where the codec has one (a `UUID` binds a `uuid`, a `Date` a
/// `timestamptz`). Cancelling the task running a statement closes its connection and throws
/// ``PGError`` of kind `.cancelled`; the pool gets the connection back once it is closed,
/// and opens another.
public struct PGConnection: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    // MARK: Executing

    /// Executes SQL with `$n` placeholders bound to `values`, discarding any rows.
    public func execute<each V: SQLBindable>(_ sql: String, _ values: repeat each V) async throws {
        let bindings = try Self.bind(repeat each values)
        _ = try await run(sql, bindings, table: nil) { _ in () }
    }

    /// Executes a rendered fragment (PostgreSQL dialect: `$n` placeholders).
    public func execute(_ fragment: SQLFragment) async throws {
        _ = try await run(fragment.sql, PGBindingContext.bindings(fragment.bindings), table: nil) { _ in () }
    }

    // MARK: Fetching

    /// Every row of a query, decoded as `R`.
    public func fetchAll<R: SQLRowDecodable, each V: SQLBindable>(
        _ type: R.Type, _ sql: String, _ values: repeat each V
    ) async throws -> [R] {
        var decoder = PGRowDecoder<R>(sql: sql)
        return try await run(sql, Self.bind(repeat each values), table: nil) { reader in try decoder.decode(reader) }
    }

    /// Every row of a rendered fragment, decoded as `R`.
    public func fetchAll<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) async throws -> [R] {
        try await fetchAll(type, fragment, table: nil)
    }

    /// The first row of a query, or `nil`.
    public func fetchOne<R: SQLRowDecodable, each V: SQLBindable>(
        _ type: R.Type, _ sql: String, _ values: repeat each V
    ) async throws -> R? {
        try await fetchAll(type, sql, repeat each values).first
    }

    /// The first row of a rendered fragment, or `nil`.
    public func fetchOne<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) async throws -> R? {
        try await fetchAll(type, fragment).first
    }

    /// Every row, decoded as a tuple: `fetchAll((Int, String).self, sql)`. The first row must
    /// have as many columns as the elements read together, as on SQLite.
    public func fetchAll<each R: SQLRowDecodable, each V: SQLBindable>(
        _ types: (repeat each R).Type, _ sql: String, _ values: repeat each V
    ) async throws -> [(repeat each R)] {
        var needed = 0
        repeat needed += (each R).columnCount
        var checked = false
        return try await run(sql, Self.bind(repeat each values), table: nil) { reader in
            if !checked {
                try reader.requireColumnCount(needed, of: types, sql: sql)
                checked = true
            }
            var index = 0
            return (repeat try (each R)(decodingRow: reader, at: &index))
        }
    }

    /// The first row, decoded as a tuple, or `nil`.
    public func fetchOne<each R: SQLRowDecodable, each V: SQLBindable>(
        _ types: (repeat each R).Type, _ sql: String, _ values: repeat each V
    ) async throws -> (repeat each R)? {
        try await fetchAll(types, sql, repeat each values).first
    }

    // MARK: Internals

    /// Called before the pool gets the connection back. The pool lends a connection again
    /// at once and learns of a close only when the close completes, so a connection that is
    /// closing must finish closing first. Closed and awaited:
    /// - a cancelled task's connection: a statement it had in flight closed it already (the
    ///   cancellation handler below cannot wait), and otherwise its transaction may be open
    ///   (a cancelled task sends no `ROLLBACK`);
    /// - a connection whose last error says it is lost (the server ended it): postgres-nio
    ///   fails the statement before it closes the channel.
    func settleBeforeRelease(after error: (any Error)?) async {
        let lost = (error as? PGError)?.isConnectionLoss == true
        guard Task.isCancelled || lost || connection.isClosed else { return }
        await closeAndWait()
    }

    /// Closes the connection and returns once it is closed, when the pool knows.
    func closeAndWait() async {
        connection.close().whenComplete { _ in }
        try? await connection.closeFuture.get()
    }

    func fetchAll<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment, table: String?) async throws -> [R] {
        var decoder = PGRowDecoder<R>(sql: fragment.sql)
        return try await run(fragment.sql, PGBindingContext.bindings(fragment.bindings), table: table) { reader in
            try decoder.decode(reader)
        }
    }

    static func bind<each V: SQLBindable>(_ values: repeat each V) throws -> PostgresBindings {
        var context = PGBindingContext()
        repeat try context.bindValue(each values)
        return context.bindings
    }

    /// Sends `query` from the connection's event loop, so the channel cannot close between
    /// the check and the write: postgres-nio writes a query without a promise, and one written
    /// to a channel that has closed (the server ended it, a cancel closed it) is dropped unseen
    /// and never completes. From the event loop, a closed channel refuses the query here, and
    /// an open one hands it to postgres-nio, which answers or fails it.
    static func send(
        _ query: PostgresQuery, on connection: PostgresConnection, logger: Logger
    ) -> EventLoopFuture<PostgresQueryResult> {
        connection.eventLoop.flatSubmit {
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(
                    PGError(kind: .connection, message: "the connection to the server is closed", sql: query.sql))
            }
            return connection.query(query, logger: logger)
        }
    }

    /// Runs `sql`, decoding each row with `decode`; errors become ``PGError`` (server and
    /// connection) or carry the SQL (decoding).
    func run<Row>(
        _ sql: String, _ bindings: PostgresBindings, table: String?, _ decode: (PGRowReader) throws -> Row
    ) async throws -> [Row] {
        try Task.checkCancellation()
        let connection = connection
        let query = PostgresQuery(unsafeSQL: sql, binds: bindings)
        do {
            return try await withTaskCancellationHandler {
                let rows = try await Self.send(query, on: connection, logger: logger).get()
                var reader = PGRowReader(table: table)
                var results: [Row] = []
                results.reserveCapacity(rows.count)
                for row in rows {
                    reader.load(row)
                    results.append(try decode(reader))
                }
                return results
            } onCancel: {
                // postgres-nio has no cancel for a running query: closing the connection
                // ends it (the server rolls back an open transaction; the pool replaces it).
                // The close cannot be awaited here; `settleBeforeRelease(after:)` awaits it
                // before the pool can lend the connection again.
                connection.close().whenComplete { _ in }
            }
        } catch var error as SQLDecodingError {
            if error.sql == nil { error.sql = sql }
            throw error
        } catch {
            if Task.isCancelled {
                throw PGError(kind: .cancelled, sqlState: "57014", message: "the task was cancelled", sql: sql)
            }
            throw PGError.wrap(error, sql: sql)
        }
    }
}
#endif
