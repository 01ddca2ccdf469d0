import CoddCore

/// The columns of a table on the outer side of an outer join: every column is optional
/// (`$1.title` is a `String?` column), and the whole row decodes as `nil` when nothing
/// matched.
@dynamicMemberLookup
public struct NullableColumns<Base: TableDefinition>: SQLSelectable {
    public typealias QueryValue = Base.QueryValue?

    /// The table's columns.
    public let base: Base

    @usableFromInline
    init(_ base: Base) {
        self.base = base
    }

    /// A column, made optional. It remembers its table is outer-joined, so that
    /// `jsonGroupArray()` skips the missing row (`SQLOuterRowPresence`).
    public subscript<Value>(dynamicMember keyPath: KeyPath<Base, TableColumn<Base.QueryValue, Value>>) -> TableColumn<
        Base.QueryValue, Value?
    > {
        let column = base[keyPath: keyPath]
        return TableColumn(
            qualifier: column.qualifier, name: column.name, collation: column.collation, outerTable: Base.self)
    }

    /// A column that is optional already.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Base, TableColumn<Base.QueryValue, Value?>>) -> TableColumn<
        Base.QueryValue, Value?
    > {
        let column = base[keyPath: keyPath]
        return TableColumn(
            qualifier: column.qualifier, name: column.name, collation: column.collation, outerTable: Base.self)
    }

    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try base.renderSelection(into: &builder, alias: alias)
    }
}

extension NullableColumns where Base: PrimaryKeyedTableDefinition {
    /// `count(primaryKey)`: the number of matched rows (0 for none).
    public func count(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none)
        -> SQLAggregate<Int>
    {
        base.primaryKey.count(distinct: distinct, filter: filter)
    }
}
