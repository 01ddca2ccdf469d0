/// What reads a database: a ``Database`` (one connection) or a ``DatabasePool`` (one
/// writer, parallel readers). Write code against it and hand it either.
///
/// ```swift
/// func titles(in database: some DatabaseReader) async throws -> [String] {
///     try await database.asyncRead { db in
///         try db.fetchAll(String.self, #"SELECT "title" FROM "reminders" ORDER BY "title""#)
///     }
/// }
/// ```
///
/// The asynchronous forms are named `asyncRead` and `asyncWrite`, not `read` and `write`:
/// in an `async` function Swift would pick an `async` overload of the same name for every
/// existing synchronous call, which would then fail to compile without `await`.
public protocol DatabaseReader: Sendable {
    /// Where the database lives.
    var path: String { get }

    /// Runs `body` in a read-only transaction: one committed state of the database, the
    /// calling thread waiting for a connection.
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in a read-only transaction on a dispatch thread; the task suspends
    /// (blocking no thread) while it waits for a connection.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits, or while a
    ///   statement runs (the statement is interrupted with `sqlite3_interrupt`).
    func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T
}

/// What reads and writes a database, and observes it: ``Database`` or ``DatabasePool``.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE` … `COMMIT`), rolled back
    /// when it throws.
    func write<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` in a write transaction on a dispatch thread; the task suspends while
    /// it waits for the writer.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits or while a
    ///   statement runs (everything the transaction wrote is rolled back).
    func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T

    /// Runs `body` with the writer's connection outside any transaction, the calling thread
    /// waiting for it: for work that manages its own transactions (the migrator, `VACUUM`).
    func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T

    /// The values of `fetch` now and after every committed transaction that changed a
    /// table it reads; see ``DatabaseObservation``.
    func observe<Value: Sendable>(_ fetch: @escaping @Sendable (Connection) throws -> Value) -> DatabaseObservation<
        Value
    >
}
