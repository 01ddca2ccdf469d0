import CoddCore
import CoddQuery
import CoddSQLite

extension SQLStatement {
    /// Runs the statement, ignoring any rows.
    public func execute(_ db: Connection) throws {
        try db.execute(fragment)
    }
}

extension SQLSelectStatement {
    /// Every row the statement returns.
    public func fetchAll(_ db: Connection) throws -> [Row] {
        try db.fetchAll(Row.self, fragment)
    }

    /// The first row, or `nil`.
    public func fetchOne(_ db: Connection) throws -> Row? {
        try db.fetchOne(Row.self, fragment)
    }

    /// A cursor that decodes one row at a time, for results too large to hold.
    public func fetchCursor(_ db: Connection) throws -> RowCursor<Row> {
        try db.cursor(Row.self, fragment)
    }
}

extension Select {
    /// The first row (`LIMIT 1` unless the statement has a limit), or `nil`.
    public func fetchOne(_ db: Connection) throws -> Columns? {
        let query = hasLimit ? self : limit(1)
        return try db.fetchOne(Columns.self, query.fragment)
    }

    /// The number of rows the statement matches.
    public func fetchCount(_ db: Connection) throws -> Int {
        try count().fetchOne(db) ?? 0
    }
}

// Tuples: a statement selecting several expressions fetches tuples.

extension SQLSelectStatement {
    /// Every row, as a tuple.
    public func fetchAll<A, B>(_ db: Connection) throws -> [(A, B)] where Row == SQLRow2<A, B> {
        try db.fetchAll(Row.self, fragment).map(\.values)
    }

    /// Every row, as a tuple.
    public func fetchAll<A, B, C>(_ db: Connection) throws -> [(A, B, C)] where Row == SQLRow3<A, B, C> {
        try db.fetchAll(Row.self, fragment).map(\.values)
    }

    /// Every row, as a tuple.
    public func fetchAll<A, B, C, D>(_ db: Connection) throws -> [(A, B, C, D)] where Row == SQLRow4<A, B, C, D> {
        try db.fetchAll(Row.self, fragment).map(\.values)
    }

    /// The first row, as a tuple.
    public func fetchOne<A, B>(_ db: Connection) throws -> (A, B)? where Row == SQLRow2<A, B> {
        try db.fetchOne(Row.self, fragment)?.values
    }

    /// The first row, as a tuple.
    public func fetchOne<A, B, C>(_ db: Connection) throws -> (A, B, C)? where Row == SQLRow3<A, B, C> {
        try db.fetchOne(Row.self, fragment)?.values
    }
}
