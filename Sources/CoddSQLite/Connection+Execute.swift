import CSQLite
import CoddCore

extension Connection {
    /// Executes SQL, binding `values` to its `?` parameters in order.
    ///
    /// ```swift
    /// try db.execute("INSERT INTO reminders (title, isCompleted) VALUES (?, ?)", "Buy milk", false)
    /// ```
    ///
    /// Without values, `sql` may hold several statements separated by semicolons (a
    /// schema). With values it must hold one, and every parameter must get a value.
    ///
    /// One to 12 values call a specialized overload of the same name and behaviour
    /// (`Connection+ExecuteArities.swift`): a write loop binds each value in about 6
    /// instructions there, against 35 through a parameter pack.
    @inlinable
    public func execute<each V: SQLBindable>(_ sql: String, _ values: repeat each V) throws {
        var count = 0
        for _ in repeat each values { count += 1 }
        guard count > 0 else {
            try executeScript(sql)
            return
        }
        // Bound here rather than through `withStatement`'s closure, which would walk a
        // copy of the pack.
        let statement = try acquireStatement(sql)
        defer { release(statement) }
        do {
            for value in repeat each values { try statement.bindOne(value) }
            try statement.requireAllParametersBound()
            if guardsWritingStatements, try beginStatementSavepoint(statement.handle) {
                do {
                    try statement.run()
                } catch {
                    rollBackStatementSavepoint(statement.handle)
                    throw error
                }
                try releaseStatementSavepoint(statement.handle)
                return
            }
            try statement.run()
        } catch {
            throw annotated(error, statement: statement, boundValues: { collectValues(repeat each values) })
        }
    }

    /// Executes rendered SQL with its bindings.
    public func execute(_ fragment: SQLFragment) throws {
        try prepareToRun(fragment)
        return try withStatement(
            fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }
        ) {
            try $0.run()
        }
    }

    /// Executes every statement in `sql`, in order, from a cursor over the text.
    @usableFromInline
    func executeScript(_ sql: String) throws {
        try checkTransactionIsAlive(sql: sql)
        try Statement.requireNoNUL(in: sql)
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                guard code == SQLITE_OK else {
                    throw SQLiteError.preparing(on: handle, resultCode: code, sql: sql)
                }
                defer { sqlite3_finalize(statement) }
                if let statement {
                    if sqlite3_bind_parameter_count(statement) > 0 {
                        throw SQLiteError.misuse("The statement has parameters but no values were given", sql: sql)
                    }
                    let run = {
                        var stepCode = sqlite3_step(statement)
                        while stepCode == SQLITE_ROW { stepCode = sqlite3_step(statement) }
                        guard stepCode == SQLITE_DONE else {
                            throw SQLiteError.last(on: self.handle, resultCode: stepCode, sql: sql)
                        }
                    }
                    // All or nothing where a tokenizer written in Swift may fail half-way.
                    if try !guardsWritingStatements || runInStatementSavepoint(statement, run) == nil { try run() }
                }
                next = tail
            }
        }
    }

    /// Runs `body` with the prepared statement for `sql`, bound by `bind`, and gives the
    /// statement back afterwards. Errors gain the SQL (decoding) and, when the database
    /// opted in, the bound values (SQLite).
    ///
    /// Inlinable with its caller, so that the binding closure (a pack's walk) and `body` are
    /// inlined rather than called through contexts: about 100 instructions an execution.
    @inlinable
    func withStatement<T>(
        _ sql: String,
        bind: (Statement) throws -> Void,
        boundValues: () -> [SQLValue],
        _ body: (Statement) throws -> T
    ) throws -> T {
        try withStatement(try acquireStatement(sql), bind: bind, boundValues: boundValues, body)
    }

    /// Runs `body` with `statement` (acquired from the cache), bound by `bind`, and gives
    /// it back afterwards.
    @inlinable
    func withStatement<T>(
        _ statement: Statement,
        bind: (Statement) throws -> Void,
        boundValues: () -> [SQLValue],
        _ body: (Statement) throws -> T
    ) throws -> T {
        defer { release(statement) }
        do {
            try bind(statement)
            // Without a closure around `body`: wrapping it kept the compiler from inlining it
            // (about 90 instructions a statement).
            if guardsWritingStatements, try beginStatementSavepoint(statement.handle) {
                let result: T
                do {
                    result = try body(statement)
                } catch {
                    rollBackStatementSavepoint(statement.handle)
                    throw error
                }
                try releaseStatementSavepoint(statement.handle)
                return result
            }
            return try body(statement)
        } catch {
            throw annotated(error, statement: statement, boundValues: boundValues)
        }
    }

    /// `error` with the bound values (a ``SQLiteError``, when the database opted in) or the
    /// SQL (a ``SQLDecodingError``) added, out of line.
    @usableFromInline @inline(never)
    func annotated(_ error: any Error, statement: Statement, boundValues: () -> [SQLValue]) -> any Error {
        if var error = error as? SQLiteError {
            if configuration.errorsIncludeBoundValues { error.boundValues = boundValues() }
            return error
        }
        if var error = error as? SQLDecodingError {
            error.sql = statement.sql
            return error
        }
        return error
    }
}
