/// A type that reads itself from one column of a result row.
///
/// One job of the ``SQLCustomType`` family: fetching `Int.self`, a `@Table` row's
/// generated initializer and a JSON value read as a column all call it.
public protocol SQLColumnDecodable: SQLRowDecodable {
    /// Reads the value of column `index`.
    ///
    /// Throw a ``SQLDecodingError`` (see ``SQLColumnReader/decodingError(at:for:expected:reason:)``)
    /// for a NULL, a value of another storage class or a malformed value; never trap.
    init(reader: borrowing some SQLColumnReader, at index: Int) throws
}

extension SQLColumnDecodable {
    /// A value read from a column reads one column.
    @inlinable
    public static var columnCount: Int { 1 }

    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        self = try Self(reader: reader, at: index)
        index += 1
    }
}
