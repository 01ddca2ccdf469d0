/// A type that decodes itself from consecutive columns of a result row.
///
/// Every ``SQLCustomType`` is one (it reads one column); a table row or a custom
/// selection reads several, in order, straight from the statement: no dictionary of
/// columns per row. Fetching `(Int, String).self` decodes each part in turn.
public protocol SQLRowDecodable: Sendable {
    /// The number of columns the type reads.
    static var columnCount: Int { get }

    /// Decodes the value from the columns starting at `index`, and advances `index` past them.
    init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws

    /// What a fetch hands back for a decoded row: the row itself, or, for the rows of a
    /// query that selects several expressions, a tuple.
    associatedtype Fetched = Self

    /// The row as a fetch hands it back.
    var fetched: Fetched { get }

    /// The names of the columns the type reads, in the order it reads them, when it reads
    /// them by name: a table's row. A statement that returns those columns in another order
    /// (`SELECT *` of a table a migration rebuilt) is read through
    /// ``SQLColumnMappedReader``, each field from its own column. `nil` (the default): the
    /// type reads columns by position, as a tuple or a single value does.
    static var decodedColumnNames: [String]? { get }
}

extension SQLRowDecodable {
    public static var decodedColumnNames: [String]? { nil }
}

extension SQLRowDecodable where Fetched == Self {
    @inlinable
    public var fetched: Self { self }
}
