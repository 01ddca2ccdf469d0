#if PostgreSQL
import CoddCore
import PostgresNIO

/// A PostgreSQL database through a pool of connections (postgres-nio's `PostgresClient`):
/// `read`, `write` and `withConnection` with async bodies, the counterparts of SQLite's
/// `Database`.
///
/// ```swift
/// let database = try await PGDatabase.connect(PGConfiguration(username: "codd", database: "app"))
/// let open = try await database.read { db in try await Reminder.where { !$0.isCompleted }.fetchAll(db) }
/// await database.close()
/// ```
///
/// More concurrent tasks than ``PGConfiguration/maximumConnections`` wait for a connection.
public final class PGDatabase: Sendable {
    /// The pool.
    public let client: PostgresClient
    private let runner: Task<Void, Never>
    let logger: Logger

    /// Connects once to check the configuration (a wrong password or a missing database
    /// throws ``PGError`` of kind `.login` here, with its SQLSTATE, rather than leaving
    /// later statements waiting for a connection), then starts the pool.
    ///
    /// A server that refuses ``PGConfiguration/closedConnectionCheckInterval`` at login
    /// (before PostgreSQL 14, on Windows, behind PgBouncer) is connected to without it.
    public static func connect(_ configuration: PGConfiguration) async throws -> PGDatabase {
        var logger = Logger(label: "codd.postgres")
        logger.logLevel = .critical
        var configuration = configuration
        do {
            try await probe(configuration, logger: logger)
        } catch let error as PGError
            where configuration.closedConnectionCheckInterval != nil
            && error.message.contains(PGConfiguration.checkIntervalParameter)
        {
            configuration.closedConnectionCheckInterval = nil
            try await probe(configuration, logger: logger)
        }
        return PGDatabase(configuration, logger: logger)
    }

    /// Connects once and closes; a failure is a ``PGError`` of kind `.login`.
    private static func probe(_ configuration: PGConfiguration, logger: Logger) async throws {
        do {
            let probe = try await PostgresConnection.connect(
                configuration: configuration.connectionConfiguration(), id: 0, logger: logger
            )
            try await probe.close()
        } catch {
            throw PGError.wrap(error, sql: nil, login: true)
        }
    }

    private init(_ configuration: PGConfiguration, logger: Logger) {
        let client = PostgresClient(configuration: configuration.clientConfiguration)
        self.client = client
        self.logger = logger
        self.runner = Task { await client.run() }
    }

    /// Stops the pool: its connections close; later statements fail.
    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    deinit {
        runner.cancel()
    }

    /// Runs `body` on a pooled connection, outside any transaction (each statement
    /// commits by itself).
    ///
    /// `body` runs in the caller's isolation (`isolation`, which defaults to it): called from
    /// a `@MainActor` model or an actor, it reads and writes that isolation's state, and
    /// its result need not be `Sendable`.
    public func withConnection<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PGConnection) async throws -> sending T
    ) async throws -> sending T {
        do {
            return try await client.withConnection(isolation: isolation) { connection in
                let db = PGConnection(connection: connection, logger: logger)
                do {
                    let value = try await body(db)
                    await settle(db, after: nil)
                    return value
                } catch {
                    await settle(db, after: error)
                    throw error
                }
            }
        } catch {
            throw PGError.wrap(error, sql: nil)
        }
    }

    /// Before the pool gets `db` back: a connection that is closing finishes closing (see
    /// ``PGConnection/settleBeforeRelease(after:)``), and a closed one is replaced.
    /// postgres-nio's pool does not open a connection in place of a lent one that closed
    /// while tasks wait for one (vapor/postgres-nio#657): a request of Codd's own makes it
    /// open one, which serves the oldest waiter first.
    private func settle(_ db: PGConnection, after error: (any Error)?) async {
        await db.settleBeforeRelease(after: error)
        guard db.connection.isClosed else { return }
        let client = client
        Task { try? await client.withConnection { _ in } }
    }

    /// Runs `body` in a read-only transaction (`BEGIN READ ONLY … COMMIT`), in the caller's
    /// isolation (see ``withConnection(isolation:_:)``).
    public func read<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PGConnection) async throws -> sending T
    ) async throws -> sending T {
        try await transaction("BEGIN READ ONLY", isolation: isolation, body)
    }

    /// Runs `body` in a transaction (`BEGIN … COMMIT`), rolled back when it throws or the
    /// COMMIT fails; in the caller's isolation (see ``withConnection(isolation:_:)``).
    public func write<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PGConnection) async throws -> sending T
    ) async throws -> sending T {
        try await transaction("BEGIN", isolation: isolation, body)
    }

    private func transaction<T>(
        _ begin: String,
        isolation: isolated (any Actor)?,
        _ body: (PGConnection) async throws -> sending T
    ) async throws -> sending T {
        // The pool learns of a close only when it completes, so it can lend a connection the
        // server has just dropped. Nothing of the transaction has run on it when `BEGIN`
        // fails for that: take another connection, in three attempts at most.
        var lastError: PGError?
        for _ in 0..<3 {
            let lease = try await withConnection(isolation: isolation) { db -> Lease<T> in
                do {
                    try await db.execute(begin)
                } catch let error as PGError where error.isConnectionLoss {
                    // It may still be closing: the pool must know before it lends again.
                    await db.closeAndWait()
                    return .closed(error)
                }
                return .finished(try await run(body, on: db, isolation: isolation))
            }
            switch lease {
            case .finished(let value): return value
            case .closed(let error): lastError = error
            }
        }
        throw lastError ?? PGError(kind: .connection, message: "no open connection", sql: begin)
    }

    private enum Lease<T> {
        case finished(T)
        case closed(PGError)
    }

    /// The body of a transaction begun on `db`, then `COMMIT`, or `ROLLBACK` when it throws.
    private func run<T>(
        _ body: (PGConnection) async throws -> sending T,
        on db: PGConnection,
        isolation: isolated (any Actor)?
    ) async throws -> sending T {
        let value: T
        do {
            value = try await body(db)
        } catch {
            // A cancelled task cannot send ROLLBACK: the connection is closed before the pool
            // gets it back (`withConnection`), and the server rolls back.
            if !Task.isCancelled {
                do {
                    try await db.execute("ROLLBACK")
                } catch {
                    try? await db.connection.close()
                }
            }
            throw error
        }
        try await db.execute("COMMIT")
        return value
    }
}
#endif
