import CoddCore
import CoddQuery
import CoddSQLite

extension SQLStatement {
    /// Runs the statement, ignoring any rows.
    public func execute(_ db: Connection) throws {
        try db.execute(db.checked(fragment))
    }
}

extension SQLSelectStatement {
    /// Every row the statement returns: rows of a table or selection, single values, or
    /// tuples for a statement that selects several expressions.
    public func fetchAll(_ db: Connection) throws -> [Row.Fetched] {
        Self.handBack(try db.fetchAll(Row.self, db.checked(fragment)))
    }

    /// The first row, or `nil`.
    public func fetchOne(_ db: Connection) throws -> Row.Fetched? {
        try db.fetchOne(Row.self, db.checked(fragment))?.fetched
    }

    /// A cursor that decodes one row at a time, for results too large to hold.
    public func fetchCursor(_ db: Connection) throws -> RowCursor<Row> {
        try db.cursor(Row.self, db.checked(fragment))
    }

    /// Rows as a fetch hands them back: the same array when rows are their own `Fetched`.
    static func handBack(_ rows: [Row]) -> [Row.Fetched] {
        if let same = rows as? [Row.Fetched] { return same }
        return rows.map(\.fetched)
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`.
    public func fetchOne(_ db: Connection) throws -> Columns.Fetched? {
        let query = hasLimit ? self : limit(1)
        return try db.fetchOne(Columns.self, db.checked(query.fragment))?.fetched
    }

    /// The number of rows the statement matches.
    public func fetchCount(_ db: Connection) throws -> Int {
        try db.fetchOne(Int.self, db.checked(count().fragment)) ?? 0
    }
}
