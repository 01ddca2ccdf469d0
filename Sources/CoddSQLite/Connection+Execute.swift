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
    @inlinable
    public func execute<each V: SQLBindable>(_ sql: String, _ values: repeat each V) throws {
        var count = 0
        for _ in repeat each values { count += 1 }
        guard count > 0 else {
            try executeScript(sql)
            return
        }
        try withStatement(sql, bind: { try $0.bind(repeat each values) }, boundValues: { collectValues(repeat each values) }) {
            try $0.run()
        }
    }

    /// Executes rendered SQL with its bindings.
    public func execute(_ fragment: SQLFragment) throws {
        try fragment.requireNoParameterSlots()
        return try withStatement(fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }) {
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
                    throw SQLiteError.last(on: handle, resultCode: code, sql: sql)
                }
                defer { sqlite3_finalize(statement) }
                if let statement {
                    if sqlite3_bind_parameter_count(statement) > 0 {
                        throw SQLiteError.misuse("The statement has parameters but no values were given", sql: sql)
                    }
                    var stepCode = sqlite3_step(statement)
                    while stepCode == SQLITE_ROW { stepCode = sqlite3_step(statement) }
                    guard stepCode == SQLITE_DONE else {
                        throw SQLiteError.last(on: handle, resultCode: stepCode, sql: sql)
                    }
                }
                next = tail
            }
        }
    }

    /// Runs `body` with the prepared statement for `sql`, bound by `bind`, and gives the
    /// statement back afterwards. Errors gain the SQL (decoding) and, when the database
    /// opted in, the bound values (SQLite).
    @usableFromInline
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
    @usableFromInline
    func withStatement<T>(
        _ statement: Statement,
        bind: (Statement) throws -> Void,
        boundValues: () -> [SQLValue],
        _ body: (Statement) throws -> T
    ) throws -> T {
        defer { release(statement) }
        do {
            try bind(statement)
            return try body(statement)
        } catch var error as SQLiteError {
            if configuration.errorsIncludeBoundValues { error.boundValues = boundValues() }
            throw error
        } catch var error as SQLDecodingError {
            error.sql = statement.sql
            throw error
        }
    }
}
