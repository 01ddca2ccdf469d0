import CoddCore

/// A column of `Root`, stored through the representation `Value`.
///
/// Renders `"qualifier"."name"` (or `"name"` where the statement reads one table).
/// Comparisons take `Value.Represented`: a column declared `@Column(as: UUIDBytes.self)`
/// compares with a `UUID` by binding its 16 bytes.
public struct TableColumn<Root: Table, Value: SQLCustomType>: SQLQueryExpression {
    public typealias QueryValue = Value

    /// The table name or alias that qualifies the column.
    public let qualifier: String
    /// The column's name in SQL.
    public let name: String

    public init(qualifier: String, name: String) {
        self.qualifier = qualifier
        self.name = name
    }

    public func render(into builder: inout SQLBuilder) throws {
        builder.column(qualifier, name)
    }

    public var isPlainRepresentation: Bool { true }
}
