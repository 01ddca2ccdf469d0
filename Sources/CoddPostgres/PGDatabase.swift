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
                try await body(PGConnection(connection: connection, logger: logger))
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
        try await withConnection { db in
            try await db.execute(begin)
            let value: T
            do {
                value = try await body(db)
            } catch {
                // A cancelled task cannot send ROLLBACK: close the connection, and the
                // server rolls back (as it does when the connection is already gone).
                do {
                    if Task.isCancelled { throw CancellationError() }
                    try await db.execute("ROLLBACK")
                } catch {
                    try? await db.connection.close()
                }
                throw error
            }
            try await db.execute("COMMIT")
            return value
        }
    }
}
#endif
