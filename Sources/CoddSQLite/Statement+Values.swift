import CSQLite
import CoddCore

extension Statement {
    /// Binds `values` to the parameters in order, and checks that every parameter got one.
    @inlinable
    public func bind<each V: SQLBindable>(_ values: repeat each V) throws {
        for value in repeat each values { try bindOne(value) }
        try requireAllParametersBound()
    }

    /// Binds one value, checking that it made exactly one binding call.
    ///
    /// Always inlined into the loop over the pack. Swift 6.3 does not yet unroll a loop
    /// over a concrete pack: each element's `bind(into:)` is reached through its witness
    /// table, about 70 instructions a value (open compiler work: swiftlang/swift#85333,
    /// #88591). `Int`, `Int64` and `Double`, the values a pack most often holds, are
    /// recognized by their metadata and call their own `bind(into:)` directly (the same
    /// code, the same checks, exactly one binding); once the compiler specializes the
    /// loop, the comparisons fold away.
    @inlinable @inline(__always)
    func bindOne<V: SQLBindable>(_ value: V) throws {
        var context = StatementBinder(self)
        if V.self == Int.self {
            return try unsafeBitCast(value, to: Int.self).bind(into: &context)
        } else if V.self == Int64.self {
            return try unsafeBitCast(value, to: Int64.self).bind(into: &context)
        } else if V.self == Double.self {
            return try unsafeBitCast(value, to: Double.self).bind(into: &context)
        }
        let before = nextParameter
        try value.bind(into: &context)
        if nextParameter != before + 1 { throw notOneBinding(value, bound: nextParameter - before) }
    }

    /// The error for a `bind(into:)` that bound other than one value, out of line.
    @usableFromInline @inline(never)
    func notOneBinding(_ value: some SQLBindable, bound: Int32) -> SQLEncodingError {
        SQLEncodingError(value, reason: "bind(into:) must bind exactly one value, bound \(bound)")
    }

    /// Binds already-encoded values, and checks that every parameter got one.
    public func bind(_ values: [SQLValue]) throws {
        for value in values { try bind(value) }
        try requireAllParametersBound()
    }

    /// Decodes the current row as `types`, reading columns from the first in order.
    @inlinable
    public func decodeRow<each R: SQLRowDecodable>(_ types: (repeat each R).Type) throws -> (repeat each R) {
        var index = 0
        return (repeat try (each R)(decodingRow: self, at: &index))
    }

    /// Throws unless the statement returns the columns `type` reads: exactly as many, or, for
    /// a type that reads its columns by name (a table's row), each of them once in any order
    /// (the row then decodes through `rowColumnMap`). Checked once for a cached statement,
    /// and again after the first step of one SQLite prepared anew for a changed schema
    /// (``recheckColumnsIfReprepared(for:)``).
    @inlinable
    public func requireColumns<R: SQLRowDecodable>(for type: R.Type) throws {
        if checkedRowType == ObjectIdentifier(type) { return }
        try checkColumns(for: type)
    }

    /// After a step: SQLite prepares a statement again when the schema changed since it last
    /// ran (a migration rebuilt a table), and its columns, counted and named before the step,
    /// may be others now.
    ///
    /// Only a row read by name asks SQLite (a call per fetch); a tuple or a value reads by
    /// position, and its count is what it was.
    @inlinable
    public func recheckColumnsIfReprepared<R: SQLRowDecodable>(for type: R.Type) throws {
        if checkedByName && repreparations != checkedRepreparations { try checkColumns(for: type) }
    }

    /// How many times SQLite prepared the statement again.
    @usableFromInline var repreparations: Int32 {
        sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    @usableFromInline
    func checkColumns<R: SQLRowDecodable>(for type: R.Type) throws {
        // Forgotten first: a check that throws leaves nothing for the next fetch to trust.
        checkedRowType = nil
        rowColumnMap = nil
        checkedRepreparations = repreparations
        let count = Int(sqlite3_column_count(handle))
        let names = R.decodedColumnNames
        checkedByName = names != nil
        if let names, !columnsAreNamed(names, count: count) {
            rowColumnMap = SQLColumnMappedReader<Statement>.map(
                expected: names, actual: (0..<count).map { columnName(at: $0) })
        }
        guard rowColumnMap != nil || R.columnCount == count else {
            throw SQLiteError.misuse(
                "The query returns \(count) column(s) but \(type) reads \(R.columnCount)", sql: sql)
        }
        checkedRowType = ObjectIdentifier(type)
    }

    /// Whether the statement's columns are `names`, in order, compared in place (no `String`
    /// per column): the common case, a row selected as the table declares it.
    private func columnsAreNamed(_ names: [String], count: Int) -> Bool {
        guard names.count == count else { return false }
        for (index, name) in names.enumerated() {
            guard let actual = sqlite3_column_name(handle, Int32(index)) else { return false }
            let same = name.utf8.withContiguousStorageIfAvailable { expected -> Bool in
                var offset = 0
                for byte in expected {
                    let other = UInt8(bitPattern: actual[offset])
                    guard other != 0, SQLColumnName.sameLetter(byte, other) else { return false }
                    offset += 1
                }
                return actual[offset] == 0
            }
            guard same ?? (String(cString: actual) == name) else { return false }
        }
        return true
    }

    /// Decodes the current row as `type`, by name through `rowColumnMap` when the statement
    /// returns its columns in another order.
    @inlinable
    public func decodeRow<R: SQLRowDecodable>(_ type: R.Type) throws -> R {
        var index = 0
        if let map = rowColumnMap {
            return try R(decodingRow: SQLColumnMappedReader(self, map: map), at: &index)
        }
        return try R(decodingRow: self, at: &index)
    }

    /// Throws unless the statement returns exactly the columns `types` read.
    @inlinable
    public func requireColumns<each R: SQLRowDecodable>(for types: (repeat each R).Type) throws {
        var needed = 0
        repeat needed += (each R).columnCount
        guard needed == columnCount else {
            throw SQLiteError.misuse(
                "The query returns \(columnCount) column(s) but \(types) reads \(needed)",
                sql: sql
            )
        }
    }
}

/// Collects the values of a pack, for an error report.
@usableFromInline
func collectValues<each V: SQLBindable>(_ values: repeat each V) -> [SQLValue] {
    var collector = SQLValueCollector()
    repeat try? (each values).bind(into: &collector)
    return collector.values
}
