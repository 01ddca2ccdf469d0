import CSQLite
import CoddCore

extension Connection {
    /// How a transaction takes its lock.
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock at once (`BEGIN IMMEDIATE`): a writer never fails half-way
        /// for a lock another connection holds.
        case immediate = "IMMEDIATE"
        /// Takes locks as statements need them (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// `BEGIN EXCLUSIVE`.
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Inside an open transaction it nests as a savepoint (see ``savepoint(_:)``), so
    /// helpers can call it freely.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T) throws -> T {
        if isInsideTransaction {
            return try savepoint(body)
        }
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        isInsideCoddTransaction = true
        defer { isInsideCoddTransaction = false }
        let result: T
        do {
            result = try body(self)
        } catch {
            rollbackIfNeeded()
            throw error
        }
        guard isInsideTransaction else {
            // SQLite already rolled back (an error such as SQLITE_FULL or RAISE(ROLLBACK)).
            throw SQLiteError(code: .abort, message: "SQLite rolled back the transaction before it could commit")
        }
        if let moved = movedDatabaseError() {
            rollbackIfNeeded()
            throw moved
        }
        do {
            try execute("COMMIT TRANSACTION")
        } catch {
            // A failed COMMIT (a deferred foreign key) leaves the transaction open.
            rollbackIfNeeded()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to (and
    /// released) when it throws, leaving the enclosing transaction as it was.
    ///
    /// ```swift
    /// try database.write { db in
    ///     try db.execute("INSERT …")
    ///     try? db.savepoint { db in
    ///         try db.execute("INSERT …")   // undone if the savepoint throws
    ///     }
    /// }
    /// ```
    public func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkTransactionIsAlive(sql: nil)
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = SQLBuilder.quoted("codd_savepoint_\(savepointDepth)")
        try execute("SAVEPOINT \(name)")
        let result: T
        do {
            result = try body(self)
        } catch {
            if isInsideTransaction {
                try? execute("ROLLBACK TO SAVEPOINT \(name)")
                try? execute("RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
        guard isInsideTransaction else {
            throw SQLiteError(
                code: .abort, message: "SQLite rolled back the transaction before the savepoint could be released")
        }
        try execute("RELEASE SAVEPOINT \(name)")
        return result
    }

    /// Runs `body`, the steps of `statement`, all or nothing when a transaction is open and
    /// `statement` writes: what a statement runs through when the connection guards writing
    /// statements (``guardsWritingStatements``), or `nil`, with `body` not run.
    ///
    /// SQLite undoes a failed statement through a statement journal, which it keeps only
    /// for a statement that may write several times; a one-row write to a virtual table
    /// keeps none. An FTS5 table writes its content row, then calls its tokenizer: when a
    /// tokenizer written in Swift throws there, the content row would stay without its
    /// index entries, and FTS5's `integrity-check` reports the table malformed once the
    /// caller goes on and commits. In a savepoint, the failure undoes both. A cursor's
    /// statement, stepped row by row at the caller's pace, is not guarded.
    @usableFromInline
    func runInStatementSavepoint<T>(_ statement: OpaquePointer, _ body: () throws -> T) throws -> T? {
        guard try beginStatementSavepoint(statement) else { return nil }
        let result: T
        do {
            result = try body()
        } catch {
            rollBackStatementSavepoint(statement)
            throw error
        }
        try releaseStatementSavepoint(statement)
        return result
    }

    /// Opens the savepoint of `statement` when a transaction is open and it writes: whether
    /// it did. The first of the three steps ``runInStatementSavepoint(_:_:)`` takes, for a
    /// caller that runs its body between them without a closure.
    @usableFromInline
    func beginStatementSavepoint(_ statement: OpaquePointer) throws -> Bool {
        guard sqlite3_get_autocommit(handle) == 0, sqlite3_stmt_readonly(statement) == 0 else { return false }
        guard sqlite3_exec(handle, #"SAVEPOINT "codd_statement""#, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.last(on: handle, resultCode: sqlite3_errcode(handle), sql: #"SAVEPOINT "codd_statement""#)
        }
        return true
    }

    /// Releases the savepoint of `statement`, which ran to the end or was read for its
    /// first row only (`fetchOne` of `RETURNING`): reset first, since SQLite releases no
    /// savepoint while a statement runs.
    @usableFromInline
    func releaseStatementSavepoint(_ statement: OpaquePointer) throws {
        sqlite3_reset(statement)
        guard sqlite3_exec(handle, #"RELEASE "codd_statement""#, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError.last(on: handle, resultCode: sqlite3_errcode(handle), sql: #"RELEASE "codd_statement""#)
        }
    }

    /// Undoes what `statement` wrote, after it failed: stopped first, since SQLite rolls no
    /// savepoint back while a statement runs.
    @usableFromInline
    func rollBackStatementSavepoint(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        if sqlite3_get_autocommit(handle) == 0 {
            sqlite3_exec(handle, #"ROLLBACK TO "codd_statement"; RELEASE "codd_statement""#, nil, nil, nil)
        }
    }

    /// The error for a transaction holding the write lock on a database file deleted or
    /// replaced since the connection opened it, or `nil`.
    ///
    /// SQLite refuses such a write in rollback-journal mode (`SQLITE_READONLY_DBMOVED`), not in
    /// WAL mode: there the commit would go to the unlinked file, and be lost when the
    /// connections close. Asked before every `COMMIT` of a transaction holding the write lock
    /// (`BEGIN IMMEDIATE`, or one that wrote), with SQLite's `SQLITE_FCNTL_HAS_MOVED` (a `stat`
    /// of the path), so that it is refused the same way.
    private func movedDatabaseError() -> SQLiteError? {
        // A temporary database (`Database(path: "")`, a file SQLite unlinks as it opens it) or
        // an in-memory one has no path to compare: SQLite's own check skips them too.
        guard sqlite3_txn_state(handle, "main") == SQLITE_TXN_WRITE,
            let name = sqlite3_db_filename(handle, "main"), name.pointee != 0
        else { return nil }
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK, moved != 0 else {
            return nil
        }
        let path = String(cString: name)
        return SQLiteError(
            code: .readOnly, extendedCode: .readOnlyDatabaseMoved,
            message: "the database file \(path) was deleted or replaced while open: the transaction was rolled back, "
                + "not committed to a file no longer at that path (open the database again)")
    }

    private func rollbackIfNeeded() {
        if isInsideTransaction {
            try? execute("ROLLBACK TRANSACTION")
        }
    }
}
