import CoddCore

/// A column of `Root`, stored through the representation `Value`.
///
/// Renders `"qualifier"."name"` (or `"name"` where the statement reads one table).
/// Comparisons take `Value.Represented`: a column declared `@Column(as: UUIDBytes.self)`
/// compares with a `UUID` by binding its 16 bytes.
///
/// A column whose representation has members SQL can reach (a JSON document of a
/// `@JSONPaths` type, ``SQLMemberPaths``) reads them as properties: `$0.settings.theme`.
@dynamicMemberLookup
public struct TableColumn<Root: Table, Value: SQLCustomType>: SQLQueryExpression {
    public typealias QueryValue = Value

    /// The table name or alias that qualifies the column.
    public let qualifier: String
    /// The column's name in SQL.
    public let name: String
    /// The table's columns type when the column belongs to the outer side of an outer join
    /// (`$1.title` after `leftJoin`): aggregates that must skip the missing row ask it how
    /// to tell that the row is there (``SQLOuterRowPresence``).
    @usableFromInline
    let outerTable: (any TableDefinition.Type)?
    /// The column's default collation (`@Column(collation: .nocase)`): rendered after the
    /// column wherever it is an expression (compared, ordered, grouped, passed to a
    /// function), never where it is selected.
    public let collation: SQLCollation?

    @inlinable
    public init(qualifier: String, name: String) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = nil
        self.collation = nil
    }

    /// A column compared, ordered and grouped in `collation`:
    /// `"name" COLLATE "icu_fr_primary" = ?`.
    @inlinable
    public init(qualifier: String, name: String, collation: SQLCollation?) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = nil
        self.collation = collation
    }

    /// The column of an outer-joined table whose columns are `table`.
    init(qualifier: String, name: String, collation: SQLCollation?, outerTable table: any TableDefinition.Type) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = table
        self.collation = collation
    }

    public func render(into builder: inout SQLBuilder) throws {
        builder.column(qualifier, name)
        if let collation { try builder.collate(dialectCollation: collation) }
    }

    /// The column as a selected item, `"title" AS "alias"` when aliased: what the
    /// protocol's default renders, written out so that a selection finds no witness table
    /// at run time (about 200 instructions a column).
    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        builder.listItem {
            $0.column(qualifier, name)
            if let alias {
                $0.keyword("AS")
                $0.identifier(alias)
            }
        }
    }

    public var isPlainRepresentation: Bool { true }
}
