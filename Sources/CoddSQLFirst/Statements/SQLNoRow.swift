/// The row of a statement that returns none: generated code runs a write without values
/// through the cached-statement path of `fetchAll` (`execute(sql)` without values runs a
/// script, prepared anew each time).
public struct SQLNoRow: SQLRowDecodable {
    @inlinable public static var columnCount: Int { 0 }

    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {}
}

extension Connection {
    /// Runs one statement without values and without rows, as a cached prepared statement.
    @inlinable
    public func run(_ sql: String) throws {
        _ = try fetchAll(SQLNoRow.self, sql)
    }

    /// The row of a query that returns exactly one: `row`, or ``MissingRowError``.
    @inlinable
    public func requireRow<Row>(_ row: Row?, query: String) throws -> Row {
        guard let row else { throw MissingRowError(query: query) }
        return row
    }
}
