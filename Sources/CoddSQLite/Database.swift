import CSQLite
import CoddCore
import Foundation

/// A SQLite database: a file or an in-memory database, safe to use from many tasks.
///
/// ```swift
/// let database = try Database(path: "reminders.sqlite")
/// try database.write { db in
///     try db.execute("INSERT INTO reminders (title) VALUES (?)", "Buy milk")
/// }
/// let titles = try database.read { db in
///     try db.fetchAll(String.self, "SELECT title FROM reminders")
/// }
/// ```
///
/// The connection is opened with `SQLITE_OPEN_NOMUTEX` and Codd serializes access itself:
/// one access at a time, from any thread or task. SQLite's own mutexes would be a second
/// lock taken on every call, for no added safety.
public final class Database: @unchecked Sendable {
    /// Where the database lives: a file path, or `:memory:`.
    public let path: String
    private let connection: Connection
    /// Every access waits here for the connection, in arrival order: a thread blocks, a task
    /// (``asyncRead(_:)``, ``asyncWrite(_:)``) suspends and leaves the queue when cancelled,
    /// whichever kinds of access are mixed.
    let accessGate = AccessGate([0])
    /// The thread running an access: a nested access from it is refused instead of
    /// waiting forever for the connection that thread holds.
    private let accessingThread = AccessingThread()
    /// The observers of this database's commits (``observe(_:)``).
    package let transactionObservers = TransactionObservers()

    /// Opens (creating it if needed) the database file at `path`, in WAL mode, with a busy
    /// timeout and foreign keys on (see ``Configuration``).
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.connection = try Connection(path: path, configuration: configuration)
    }

    deinit {
        transactionObservers.close(connection)
    }

    /// Opens a private in-memory database.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
        try Database(path: ":memory:", configuration: configuration)
    }

    /// The version of SQLite the database runs, for feature detection.
    public var sqliteVersion: SQLiteVersion { .runtime }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`).
    ///
    /// When `body` throws, everything it wrote is rolled back and the error is rethrown.
    /// Nest transactions inside with ``Connection/savepoint(_:)``.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { db in
            try db.transaction(.immediate, body)
        }
    }

    /// Runs `body` in a read-only transaction: it sees one consistent state of the
    /// database, and any attempt to write fails with `SQLITE_READONLY`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { db in
            try db.execute("PRAGMA query_only = 1")
            defer { try? db.execute("PRAGMA query_only = 0") }
            return try db.transaction(.deferred, body)
        }
    }

    /// Runs `body` with exclusive access to the connection, outside any transaction:
    /// for statements that cannot run in one (`VACUUM`, some pragmas) or that manage
    /// their own.
    ///
    /// - Throws: ``SQLiteError`` (misuse) when called from inside another access of the
    ///   same database on the same thread; use ``Connection/savepoint(_:)`` there.
    public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try refuseNestedAccess()
        let token = accessGate.acquireBlocking()
        defer { accessGate.release(token) }
        return try runAccess(body)
    }

    /// The tasks and threads waiting for the connection, for tests.
    package var accessWaiterCount: Int { accessGate.waiterCount }

    /// Throws when the calling thread is inside an access of this database already.
    func refuseNestedAccess() throws {
        if accessingThread.isCurrent {
            throw SQLiteError.misuse(
                "The database is already being accessed on this thread; inside write or read, use the Connection you were given (savepoint nests a transaction)"
            )
        }
    }

    /// Runs `body` with the connection, which the caller holds through ``accessGate``, on
    /// the calling thread, and leaves the connection clean for the next access.
    func runAccess<T>(_ body: (Connection) throws -> T) throws -> T {
        try refuseNestedAccess()
        accessingThread.enter()
        defer { accessingThread.leave() }
        let result: T
        do {
            result = try body(connection)
        } catch {
            endAccess()
            transactionObservers.endAccess(of: connection)
            throw error
        }
        defer { transactionObservers.endAccess(of: connection) }
        if endAccess() {
            throw SQLiteError.misuse(
                "A transaction begun inside withConnection was still open when it returned; it was rolled back. Use write, read or Connection.transaction"
            )
        }
        return result
    }

    /// Runs `body` with the connection outside any transaction: ``withConnection(_:)``, under
    /// the name ``DatabaseWriter`` gives it.
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection(body)
    }

    /// Closes the access's cursors and rolls back a transaction it left open, so the
    /// next access starts clean. Returns whether there was one.
    @discardableResult
    private func endAccess() -> Bool {
        connection.closeOpenCursors()
        connection.isInsideCoddTransaction = false
        connection.savepointDepth = 0
        guard connection.isInsideTransaction else { return false }
        try? connection.execute("ROLLBACK TRANSACTION")
        return true
    }
}
