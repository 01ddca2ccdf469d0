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
    /// Prepared statements by SQL. Exclusivity is not checked at run time (the check cost
    /// about 57 instructions a statement): a connection is used by one thread at a time,
    /// and nothing that runs while the cache changes can reach it again. (SQL functions,
    /// hooks and the authorizer run during prepare, step and commit, never inside a cache
    /// method; the only outside code there is `sqlite3_finalize` of idle statements,
    /// already reset, which calls back into nothing of Codd's.)
    @exclusivity(unchecked) private var statements = StatementCache()
    /// The emptied SQL and bindings buffers of the last statement Codd rendered here, lent
    /// to the next one (``SQLRenderBuffers``). Unchecked for the reason the cache is.
    @exclusivity(unchecked) package var renderBuffers = SQLRenderBuffers()
    /// Whether Codd opened a transaction that is still open: if SQLite ends it on its own
    /// (an error such as `RAISE(ROLLBACK)`), no statement may run until Codd notices,
    /// or later writes would silently autocommit.
    var isInsideCoddTransaction = false
    /// Cursors that are reading; closed when the access that created them ends.
    private var openCursors: [WeakCursor] = []
    /// The number of open savepoints, for naming the next one.
    var savepointDepth = 0
    /// Set while an observation learns which tables its query reads: statements are then
    /// prepared outside the cache, with the recorder as authorizer.
    var regionRecorder: RegionRecorder?
    /// `SQLITE_LIMIT_VARIABLE_NUMBER`, read once: every rendered statement is checked
    /// against it.
    @usableFromInline private(set) var cachedParameterLimit = 32_766
    /// The collations written in Swift registered on this connection, by normalized name.
    @usableFromInline var registeredCollations: Set<String> = []
    /// Whether a statement that writes runs in a savepoint of its own inside a transaction
    /// (``runInStatementSavepoint(_:_:)``): set when a tokenizer written in Swift is
    /// registered here. Exclusivity is not checked at run time (every statement reads it: the check cost
    /// about 85 instructions a statement); only a registration on the connection's thread
    /// writes it.
    @exclusivity(unchecked) @usableFromInline package private(set) var guardsWritingStatements = false

    /// Runs every statement that writes inside a transaction in a savepoint of its own from
    /// now on (``guardsWritingStatements``).
    package func guardWritingStatements() {
        guardsWritingStatements = true
    }

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
        // From here on, deinit closes the handle if setUp throws.
        try setUp()
    }

    private func setUp() throws {
        sqlite3_extended_result_codes(handle, 1)
        cachedParameterLimit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        // A double-quoted name that matches no column must be an error, not a string
        // literal: every identifier Codd renders is double-quoted.
        _ = codd_sqlite3_db_config_bool(handle, SQLITE_DBCONFIG_DQS_DML, 0)
        _ = codd_sqlite3_db_config_bool(handle, SQLITE_DBCONFIG_DQS_DDL, 0)
        sqlite3_busy_timeout(handle, Self.milliseconds(configuration.busyTimeout))
        if configuration.foreignKeysEnabled {
            try execute("PRAGMA foreign_keys = ON")
        }
        // In-memory and temporary databases have no file name (":memory:", "file::memory:",
        // "file:x?mode=memory", "").
        let fileName = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
        let isMemory = fileName.isEmpty
        if !isMemory && !configuration.readOnly {
            let mode = try setJournalMode(configuration.journalMode, busyTimeout: configuration.busyTimeout)
            if mode?.uppercased() != configuration.journalMode.rawValue {
                throw SQLiteError(
                    code: .error,
                    message:
                        "Cannot set journal_mode \(configuration.journalMode.rawValue); SQLite kept \(mode ?? "none")"
                )
            }
        }
        // Collations before the hooks, which may run statements that need them.
        installCollationResolver()
        for collation in configuration.collations {
            try add(collation: collation)
        }
        try configuration.prepare(self)
    }

    /// Sets the journal mode, and answers with the mode in force (WAL can be refused: a
    /// read-only medium).
    ///
    /// The mode is read first, and set only when it differs. Connections opening one new
    /// file at once (two processes, or threads) each find a rollback-journal file, and all
    /// but one are refused the exclusive lock that converting it takes: SQLite answers
    /// `SQLITE_BUSY` at once there, without its busy handler, since waiting could deadlock.
    /// Such a connection tries again, every millisecond until its busy timeout, and finds
    /// the file converted.
    private func setJournalMode(_ mode: Configuration.JournalMode, busyTimeout: Duration) throws -> String? {
        let deadline = ContinuousClock.now + busyTimeout
        while true {
            do {
                let current = try fetchOne(String.self, "PRAGMA journal_mode")
                if current?.uppercased() == mode.rawValue { return current }
                return try fetchOne(String.self, "PRAGMA journal_mode = \(mode.rawValue)")
            } catch let error as SQLiteError where error.code == .busy && ContinuousClock.now < deadline {
                sqlite3_sleep(1)
            }
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// A duration in whole milliseconds, clamped to what `sqlite3_busy_timeout` takes.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let (fromSeconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return .max }
        return Int32(clamping: fromSeconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).partialValue)
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

    /// The most parameters one statement may bind (SQLite's `SQLITE_LIMIT_VARIABLE_NUMBER`:
    /// 32,766 by default, lower in some builds). A multi-row insert with more is split into
    /// statements under it. Setting it lowers the limit on this connection; SQLite keeps it
    /// under the limit it was compiled with.
    public var maximumParameterCount: Int {
        get { cachedParameterLimit }
        set {
            sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, Int32(clamping: max(newValue, 1)))
            cachedParameterLimit = Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        }
    }

    // MARK: Statements

    /// Prepares a statement outside the cache; the caller owns it.
    public func makeStatement(_ sql: String) throws -> Statement {
        try Statement(connection: handle, sql: sql, persistent: false)
    }

    /// A prepared statement for `sql`, reset and marked in use, from the cache when the
    /// cached one is free. Give it back with ``release(_:)``.
    @usableFromInline
    func acquireStatement(_ sql: String) throws -> Statement {
        // The same String as last time (one literal run in a loop): no byte compared. The
        // checks are the byte path's, below.
        if regionRecorder == nil, !isInsideCoddTransaction || isInsideTransaction,
            let recent = statements.recentStatement(identicalTo: sql), !recent.isInUse
        {
            recent.isInUse = true
            return recent
        }
        // A native String's bytes are contiguous: read in place, without copying the
        // String into a variable (a retain and a release) as `withUTF8` would.
        if let statement = try sql.utf8.withContiguousStorageIfAvailable({ bytes in
            try acquireStatement(utf8: UnsafeRawBufferPointer(bytes)) { sql }
        }) {
            return statement
        }
        var text = sql
        return try text.withUTF8 { bytes in
            try acquireStatement(utf8: UnsafeRawBufferPointer(bytes)) { sql }
        }
    }

    /// A prepared statement for the SQL whose UTF-8 bytes are `bytes` (valid UTF-8, as
    /// ``SQLBuilder`` renders them): the `String` is made only to prepare a new statement.
    @usableFromInline
    func acquireStatement(utf8 bytes: [UInt8]) throws -> Statement {
        try bytes.withUnsafeBytes { buffer in
            try acquireStatement(utf8: buffer) { String(decoding: bytes, as: UTF8.self) }
        }
    }

    /// A prepared statement for the SQL whose UTF-8 bytes `bytes` points to, read in place.
    @usableFromInline
    func acquireStatement(utf8 bytes: UnsafeRawBufferPointer) throws -> Statement {
        try acquireStatement(utf8: bytes) { String(decoding: bytes, as: UTF8.self) }
    }

    private func acquireStatement(utf8 bytes: UnsafeRawBufferPointer, sql: () -> String) throws -> Statement {
        if isInsideCoddTransaction && !isInsideTransaction { try checkTransactionIsAlive(sql: sql()) }
        if let regionRecorder {
            let statement = try regionRecorder.recording(on: handle) { try makeStatement(sql()) }
            statement.isInUse = true
            return statement
        }
        if let recent = statements.recentStatement(for: bytes), !recent.isInUse {
            recent.isInUse = true
            return recent
        }
        let hash = StatementCache.hash(bytes)
        if let cached = statements.statement(for: bytes, hash: hash) {
            if !cached.isInUse {
                cached.isInUse = true
                return cached
            }
            // The cached statement is being read (a query nested in its own loop).
            let fresh = try makeStatement(cached.sql)
            fresh.isInUse = true
            return fresh
        }
        let statement = try Statement(connection: handle, sql: sql(), persistent: true)
        if statements.count >= configuration.statementCacheCapacity {
            // Drops about half of the idle statements to make room. When every cached
            // statement is in use, the cache grows past its capacity until they are released.
            statements.removeIdle(limit: max(1, statements.count / 2))
        }
        if configuration.statementCacheCapacity > 0 {
            statements.insert(statement, hash: hash)
        }
        statement.isInUse = true
        return statement
    }

    /// Resets `statement` and frees it for the next user.
    @inlinable
    func release(_ statement: Statement) {
        statement.reset()
        statement.isInUse = false
    }

    /// Throws when Codd opened a transaction that SQLite has since rolled back on its own.
    @usableFromInline
    func checkTransactionIsAlive(sql: String?) throws {
        if isInsideCoddTransaction && !isInsideTransaction {
            throw SQLiteError(
                code: .abort,
                message: "SQLite rolled back the transaction after an error; no statement runs until it ends",
                sql: sql
            )
        }
    }

    // MARK: Cursors

    func register(_ cursor: WeakCursor) {
        openCursors.removeAll { $0.cursor == nil }
        openCursors.append(cursor)
    }

    /// Closes every cursor still reading: the access that created them is ending.
    func closeOpenCursors() {
        let cursors = openCursors
        openCursors = []
        for cursor in cursors { cursor.closeAtEndOfAccess() }
    }

    /// Finalizes every idle cached statement.
    public func clearStatementCache() {
        statements.removeAllIdle()
    }

    /// The number of statements in the cache.
    public var cachedStatementCount: Int { statements.count }
}

extension Connection {
    /// Whether the main database is in memory (SQLite gives it no file name).
    package var isInMemory: Bool {
        (sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? "").isEmpty
    }
}
