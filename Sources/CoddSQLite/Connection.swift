import CSQLite
import CoddCore

/// One SQLite connection: the handle, its prepared-statement cache and its transactions.
///
/// You get a connection inside ``Database/write(_:)``, ``Database/read(_:)`` or
/// ``Database/withConnection(_:)``; it is not `Sendable` and must not escape the closure,
/// because the database serializes access to it.
public final class Connection {
    @usableFromInline let handle: OpaquePointer
    let configuration: Configuration
    /// Prepared statements by SQL, most recently used last.
    private var statements: [String: Statement] = [:]
    /// The number of open savepoints, for naming the next one.
    var savepointDepth = 0

    init(path: String, configuration: Configuration) throws {
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        flags |= configuration.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError.last(on: handle, resultCode: code, sql: nil)
            sqlite3_close_v2(handle)
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: "Cannot open database at \(path): \(error.message)"
            )
        }
        self.handle = handle
        self.configuration = configuration
        do {
            try setUp(isMemory: path == ":memory:" || path.isEmpty)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    private func setUp(isMemory: Bool) throws {
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        if configuration.foreignKeysEnabled {
            try execute("PRAGMA foreign_keys = ON")
        }
        if !isMemory && !configuration.readOnly {
            // journal_mode answers with the mode in force; WAL can be refused (a read-only medium).
            let mode = try fetchOne(String.self, "PRAGMA journal_mode = \(configuration.journalMode.rawValue)")
            if mode?.uppercased() != configuration.journalMode.rawValue {
                throw SQLiteError(
                    code: .error,
                    message: "Cannot set journal_mode \(configuration.journalMode.rawValue); SQLite kept \(mode ?? "none")"
                )
            }
        }
        try configuration.prepareConnection?(self)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Escape hatch

    /// The `sqlite3*` handle, for what Codd does not wrap: registering functions, FTS5
    /// tokenizers, hooks.
    ///
    /// - Warning: Use it only inside the access that gave you this connection, never
    ///   close it, and leave it as you found it (no open transaction Codd does not know of).
    public var unsafeSQLiteHandle: OpaquePointer { handle }

    // MARK: State

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changedRowCount: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open.
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The version of SQLite this connection runs.
    public var sqliteVersion: SQLiteVersion { .runtime }

    // MARK: Statements

    /// Prepares a statement outside the cache; the caller owns it.
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(connection: handle, sql: sql, persistent: false)
    }

    /// A prepared statement for `sql`, reset and marked in use, from the cache when the
    /// cached one is free. Give it back with ``release(_:)``.
    @usableFromInline
    func acquireStatement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            if !cached.isInUse {
                cached.isInUse = true
                return cached
            }
            // The cached statement is being read (a query nested in its own loop).
            let fresh = try makeStatement(sql)
            fresh.isInUse = true
            return fresh
        }
        let statement = try Statement(connection: handle, sql: sql, persistent: true)
        if statements.count >= configuration.statementCacheCapacity {
            evictStatements()
        }
        if configuration.statementCacheCapacity > 0 {
            statements[sql] = statement
        }
        statement.isInUse = true
        return statement
    }

    /// Resets `statement` and frees it for the next user.
    @usableFromInline
    func release(_ statement: Statement) {
        statement.reset()
        statement.isInUse = false
    }

    /// Drops half of the idle statements to make room.
    private func evictStatements() {
        var dropped = 0
        for (sql, statement) in statements where !statement.isInUse && dropped < max(1, statements.count / 2) {
            statements[sql] = nil
            dropped += 1
        }
    }

    /// Finalizes every idle cached statement.
    public func clearStatementCache() {
        statements = statements.filter { $0.value.isInUse }
    }

    /// The number of statements in the cache.
    public var cachedStatementCount: Int { statements.count }
}
