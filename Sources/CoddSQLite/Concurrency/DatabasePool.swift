import CSQLite

/// A file database in WAL mode with one writer connection and several reader
/// connections: reads run in parallel with each other and with the write in progress,
/// each in a read transaction that sees one committed state.
///
/// ```swift
/// let pool = try DatabasePool(path: "reminders.sqlite")
/// try pool.write { db in
///     try db.execute(#"INSERT INTO "reminders" ("title") VALUES (?)"#, "Buy milk")
/// }
/// let count = try await pool.asyncRead { db in
///     try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#)
/// }
/// ```
///
/// Every connection is opened with the same ``Configuration`` (pragmas, busy timeout,
/// `prepareDatabase` hooks: functions, tokenizers); readers also get
/// `PRAGMA query_only = 1`. Writes are serialized by the pool, so writers never wait on
/// each other inside SQLite, and in WAL mode readers never wait for the writer: the busy
/// timeout only covers other processes and checkpoints.
public final class DatabasePool: DatabaseWriter {
    /// The database file.
    public let path: String
    /// The writer: a ``Database`` (one connection behind a lock, its own queue of tasks).
    private let writer: Database
    /// The readers, handed out one reader per access.
    private let readers: AccessGate<Database>
    /// How many readers the pool holds.
    public let maximumReaderCount: Int
    /// The threads inside a read: a nested read on one of them is refused, not deadlocked.
    private let readingThreads = ReadingThreads()

    /// Opens (creating it if needed) the database file at `path` in WAL mode, with one
    /// writer and `maximumReaderCount` readers.
    ///
    /// - Throws: ``DatabasePoolError/inMemoryDatabase(path:)`` for an in-memory path (each
    ///   connection would open its own empty database: use ``Database`` there),
    ///   ``DatabasePoolError/requiresWAL`` for another journal mode,
    ///   ``DatabasePoolError/invalidReaderCount(_:)`` below 1, or the ``SQLiteError`` of
    ///   opening a connection.
    public init(path: String, configuration: Configuration = Configuration(), maximumReaderCount: Int = 4) throws {
        guard maximumReaderCount >= 1 else { throw DatabasePoolError.invalidReaderCount(maximumReaderCount) }
        guard configuration.journalMode == .wal else { throw DatabasePoolError.requiresWAL }
        if Self.namesMemory(path) { throw DatabasePoolError.inMemoryDatabase(path: path) }
        let writer = try Database(path: path, configuration: configuration)
        // Also catches URI forms the name check misses: SQLite gives them no file name.
        guard try writer.withConnection({ !$0.isInMemory }) else {
            throw DatabasePoolError.inMemoryDatabase(path: path)
        }
        var readerConfiguration = configuration
        readerConfiguration.prepareDatabase { db in try db.execute("PRAGMA query_only = 1") }
        var readers: [Database] = []
        for _ in 0..<maximumReaderCount {
            readers.append(try Database(path: path, configuration: readerConfiguration))
        }
        self.path = path
        self.writer = writer
        self.readers = AccessGate(readers)
        self.maximumReaderCount = maximumReaderCount
    }

    private static func namesMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:") || path.contains("mode=memory")
    }

    /// Runs `body` in a read transaction on a free reader, waiting for one when all are
    /// busy. The transaction sees the last commit before its first statement, and
    /// nothing committed after.
    ///
    /// - Throws: ``SQLiteError`` (misuse) for a read nested in another read of this pool on
    ///   the same thread, which would otherwise wait for a reader the thread holds: inside
    ///   `read`, use the connection you were given.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try readingThreads.enter()
        defer { readingThreads.leave() }
        let reader = readers.acquireBlocking()
        defer { readers.release(reader) }
        return try reader.withConnection { db in try db.transaction(.deferred, body) }
    }

    public func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let reader = try await readers.acquire()
        defer { readers.release(reader) }
        return try await StatementInterrupter.runOffCooperativePool { [readingThreads] interrupter in
            // A synchronous read nested in this one's body is refused too.
            try readingThreads.enter()
            defer { readingThreads.leave() }
            return try reader.withConnection { db in
                try interrupter.run(on: db) { try db.transaction(.deferred, body) }
            }
        }
    }

    /// Runs `body` in a write transaction on the writer (see ``Database/write(_:)``).
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.write(body)
    }

    public func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await writer.asyncWrite(body)
    }

    /// Runs `body` on the writer outside any transaction (`VACUUM`, schema changes that
    /// manage their own transactions).
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection(body)
    }

    /// The first value is fetched on the writer (so no commit is missed), later ones on
    /// the readers.
    public func observe<Value: Sendable>(_ fetch: @escaping @Sendable (Connection) throws -> Value)
        -> DatabaseObservation<Value>
    {
        let writer = writer
        return DatabaseObservation(
            start: { signal in
                try await writer.asyncWithConnection { db in
                    try writer.startObservation(on: db, fetch: fetch, signal: signal)
                }
            },
            refetch: { try await self.asyncRead(fetch) }
        )
    }

    /// The tasks and threads waiting for a reader, for tests.
    package var readerWaiterCount: Int { readers.waiterCount }

    /// The tasks and threads waiting for the writer, for tests.
    package var writerWaiterCount: Int { writer.accessWaiterCount }

    /// The observers registered on the writer, for tests.
    package var observerCount: Int { writer.transactionObservers.count }
}

/// Why a ``DatabasePool`` cannot open.
public enum DatabasePoolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names an in-memory database, which each connection would open as its own
    /// empty database. Use ``Database`` (`Database.inMemory()`) instead.
    case inMemoryDatabase(path: String)
    /// The configuration's journal mode is not WAL, without which readers and the writer
    /// block each other.
    case requiresWAL
    /// A pool needs at least one reader.
    case invalidReaderCount(Int)

    public var description: String {
        switch self {
        case .inMemoryDatabase(let path):
            "A DatabasePool needs a database file; \(path.isEmpty ? "an empty path" : "'\(path)'") is in memory, where each connection would see its own database. Use Database.inMemory() instead."
        case .requiresWAL:
            "A DatabasePool needs journalMode .wal"
        case .invalidReaderCount(let count):
            "A DatabasePool needs at least one reader, not \(count)"
        }
    }
}
