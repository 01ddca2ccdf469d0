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
    public static func connect(_ configuration: PGConfiguration) async throws -> PGDatabase {
        var logger = Logger(label: "codd.postgres")
        logger.logLevel = .critical
        do {
            let probe = try await PostgresConnection.connect(
                configuration: configuration.connectionConfiguration(), id: 0, logger: logger
            )
            try await probe.close()
        } catch {
            throw PGError.wrap(error, sql: nil, login: true)
        }
        return PGDatabase(configuration, logger: logger)
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
    public func withConnection<T: Sendable>(_ body: (PGConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in
                let db = PGConnection(connection: connection, logger: logger)
                do {
                    let value = try await body(db)
                    await db.settleBeforeRelease()
                    return value
                } catch {
                    await db.settleBeforeRelease()
                    throw error
                }
            }
        } catch {
            throw PGError.wrap(error, sql: nil)
        }
    }

    /// Runs `body` in a read-only transaction (`BEGIN READ ONLY … COMMIT`).
    public func read<T: Sendable>(_ body: (PGConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN READ ONLY", body)
    }

    /// Runs `body` in a transaction (`BEGIN … COMMIT`), rolled back when it throws or the
    /// COMMIT fails.
    public func write<T: Sendable>(_ body: (PGConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN", body)
    }

    private func transaction<T: Sendable>(_ begin: String, _ body: (PGConnection) async throws -> T) async throws -> T {
        // The pool learns of a close only when it completes, so it can lend a connection the
        // server has just dropped. Nothing of the transaction has run on it when `BEGIN`
        // fails for that: take another connection, up to three times.
        var lastError: PGError?
        for _ in 0..<3 {
            let lease = try await withConnection { db -> Lease<T> in
                do {
                    try await db.execute(begin)
                } catch let error as PGError where error.lostTheConnection {
                    // It may still be closing: the pool must know before it lends again.
                    await db.closeAndWait()
                    return .closed(error)
                }
                return .finished(try await run(body, on: db))
            }
            switch lease {
            case .finished(let value): return value
            case .closed(let error): lastError = error
            }
        }
        throw lastError ?? PGError(kind: .connection, message: "no open connection", sql: begin)
    }

    private enum Lease<T: Sendable>: Sendable {
        case finished(T)
        case closed(PGError)
    }

    /// The body of a transaction begun on `db`, then `COMMIT`, or `ROLLBACK` when it throws.
    private func run<T: Sendable>(_ body: (PGConnection) async throws -> T, on db: PGConnection) async throws -> T {
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
