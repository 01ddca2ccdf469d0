import CoddCore

extension Connection {
    // MARK: One type (the common case: a row type or a single value)
    //
    // These overloads read a single type without a parameter pack. Swift does not
    // specialize pack-generic code here, and the per-row cost was ~40% higher through it.

    /// Fetches every row as `type`: a storable type or a row type.
    ///
    /// ```swift
    /// let titles = try db.fetchAll(String.self, "SELECT title FROM reminders WHERE isCompleted = ?", false)
    /// ```
    @inlinable
    public func fetchAll<R: SQLRowDecodable, each V: SQLBindable>(
        _ type: R.Type,
        _ sql: String,
        _ values: repeat each V
    ) throws -> [R] {
        try withStatement(
            sql, bind: { try $0.bind(repeat each values) }, boundValues: { collectValues(repeat each values) }
        ) {
            try $0.decodeAll(type)
        }
    }

    /// Fetches every row of rendered SQL as `type`.
    @inlinable
    public func fetchAll<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) throws -> [R] {
        try prepareToRun(fragment)
        return try withStatement(
            fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }
        ) {
            try $0.decodeAll(type)
        }
    }

    /// Fetches the first row as `type`, or `nil` when there is none.
    @inlinable
    public func fetchOne<R: SQLRowDecodable, each V: SQLBindable>(
        _ type: R.Type,
        _ sql: String,
        _ values: repeat each V
    ) throws -> R? {
        try withStatement(
            sql, bind: { try $0.bind(repeat each values) }, boundValues: { collectValues(repeat each values) }
        ) {
            try $0.decodeFirst(type)
        }
    }

    /// Fetches the first row of rendered SQL as `type`, or `nil` when there is none.
    @inlinable
    public func fetchOne<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) throws -> R? {
        try prepareToRun(fragment)
        return try withStatement(
            fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }
        ) {
            try $0.decodeFirst(type)
        }
    }

    /// A cursor over the rows of rendered SQL as `type`.
    public func cursor<R: SQLRowDecodable>(_ type: R.Type, _ fragment: SQLFragment) throws -> RowCursor<R> {
        try prepareToRun(fragment)
        return try cursor(type, sql: fragment.sql, boundValues: { fragment.bindings }) {
            try $0.bind(fragment.bindings)
        }
    }

    /// A cursor over the rows of `sql` as `type`, one row at a time: a table's row reads its
    /// columns by name, as `fetchAll` does.
    public func cursor<R: SQLRowDecodable, each V: SQLBindable>(
        _ type: R.Type, _ sql: String, _ values: repeat each V
    ) throws -> RowCursor<R> {
        try cursor(type, sql: sql, boundValues: { collectValues(repeat each values) }) {
            try $0.bind(repeat each values)
        }
    }

    private func cursor<R: SQLRowDecodable>(
        _ type: R.Type, sql: String, boundValues: () -> [SQLValue], bind: (Statement) throws -> Void
    ) throws -> RowCursor<R> {
        let statement = try acquireStatement(sql)
        do {
            try bind(statement)
            try statement.requireColumns(for: type)
        } catch {
            release(statement)
            if var error = error as? SQLiteError, configuration.errorsIncludeBoundValues {
                error.boundValues = boundValues()
                throw error
            }
            throw error
        }
        return RowCursor(connection: self, statement: statement) { statement in
            try statement.recheckColumnsIfReprepared(for: R.self)
            return try statement.decodeRow(R.self)
        }
    }

    // MARK: Tuples

    /// Fetches every row as `types`: a storable type, a row type, or a tuple of them.
    ///
    /// ```swift
    /// let titles = try db.fetchAll(String.self, "SELECT title FROM reminders WHERE isCompleted = ?", false)
    /// let rows = try db.fetchAll((Int, String).self, "SELECT id, title FROM reminders")
    /// ```
    ///
    /// The query must return exactly the columns the types read.
    @inlinable
    public func fetchAll<each R: SQLRowDecodable, each V: SQLBindable>(
        _ types: (repeat each R).Type,
        _ sql: String,
        _ values: repeat each V
    ) throws -> [(repeat each R)] {
        try withStatement(
            sql, bind: { try $0.bind(repeat each values) }, boundValues: { collectValues(repeat each values) }
        ) {
            try $0.decodeAll(types)
        }
    }

    /// Fetches every row of rendered SQL as `types`.
    @inlinable
    public func fetchAll<each R: SQLRowDecodable>(
        _ types: (repeat each R).Type,
        _ fragment: SQLFragment
    ) throws -> [(repeat each R)] {
        try prepareToRun(fragment)
        return try withStatement(
            fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }
        ) {
            try $0.decodeAll(types)
        }
    }

    /// Fetches the first row as `types`, or `nil` when there is none.
    @inlinable
    public func fetchOne<each R: SQLRowDecodable, each V: SQLBindable>(
        _ types: (repeat each R).Type,
        _ sql: String,
        _ values: repeat each V
    ) throws -> (repeat each R)? {
        try withStatement(
            sql, bind: { try $0.bind(repeat each values) }, boundValues: { collectValues(repeat each values) }
        ) {
            try $0.decodeFirst(types)
        }
    }

    /// Fetches the first row of rendered SQL as `types`, or `nil` when there is none.
    @inlinable
    public func fetchOne<each R: SQLRowDecodable>(
        _ types: (repeat each R).Type,
        _ fragment: SQLFragment
    ) throws -> (repeat each R)? {
        try prepareToRun(fragment)
        return try withStatement(
            fragment.sql, bind: { try $0.bind(fragment.bindings) }, boundValues: { fragment.bindings }
        ) {
            try $0.decodeFirst(types)
        }
    }

    /// A cursor over the rows of `sql` as `types`, decoding one row per ``RowCursor/next()``:
    /// a large result is never held in memory.
    ///
    /// ```swift
    /// try db.cursor((Int, String).self, "SELECT id, title FROM reminders").forEach { id, title in
    ///     print(id, title)
    /// }
    /// ```
    ///
    /// The cursor holds its statement until it reaches the end or is released; use it
    /// inside the access that gave you this connection.
    public func cursor<each R: SQLRowDecodable, each V: SQLBindable>(
        _ types: (repeat each R).Type,
        _ sql: String,
        _ values: repeat each V
    ) throws -> RowCursor<(repeat each R)> {
        let statement = try acquireStatement(sql)
        do {
            try statement.bind(repeat each values)
            try statement.requireColumns(for: types)
        } catch {
            release(statement)
            if var error = error as? SQLiteError, configuration.errorsIncludeBoundValues {
                error.boundValues = collectValues(repeat each values)
                throw error
            }
            throw error
        }
        return RowCursor(connection: self, statement: statement) { try $0.decodeRow(types) }
    }
}

extension Statement {
    /// Steps through every row, decoding each as `type`.
    @inlinable
    public func decodeAll<R: SQLRowDecodable>(_ type: R.Type) throws -> [R] {
        try requireColumns(for: type)
        var rows: [R] = []
        guard try step() else { return rows }
        try recheckColumnsIfReprepared(for: type)
        if rowColumnMap != nil {
            repeat { rows.append(try decodeRow(type)) } while try step()
            return rows
        }
        repeat {
            var index = 0
            rows.append(try R(decodingRow: self, at: &index))
        } while try step()
        return rows
    }

    /// Steps to the first row and decodes it as `type`, or returns `nil`.
    @inlinable
    public func decodeFirst<R: SQLRowDecodable>(_ type: R.Type) throws -> R? {
        try requireColumns(for: type)
        guard try step() else { return nil }
        try recheckColumnsIfReprepared(for: type)
        return try decodeRow(type)
    }

    /// Steps through every row, decoding each as `types`.
    @inlinable
    public func decodeAll<each R: SQLRowDecodable>(_ types: (repeat each R).Type) throws -> [(repeat each R)] {
        try requireColumns(for: types)
        var rows: [(repeat each R)] = []
        while try step() {
            rows.append(try decodeRow(types))
        }
        return rows
    }

    /// Steps to the first row and decodes it as `types`, or returns `nil`.
    @inlinable
    public func decodeFirst<each R: SQLRowDecodable>(_ types: (repeat each R).Type) throws -> (repeat each R)? {
        try requireColumns(for: types)
        guard try step() else { return nil }
        let row: (repeat each R) = try decodeRow(types)
        return row
    }
}
