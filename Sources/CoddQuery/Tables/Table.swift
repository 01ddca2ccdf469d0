import CoddCore

/// A table: a Swift type whose stored properties are the columns of a SQLite table.
///
/// Declare one with the `@Table` macro, which writes this conformance:
///
/// ```swift
/// @Table
/// struct Reminder {
///     let id: Int
///     var title = ""
///     var isCompleted = false
/// }
/// // Reminder.tableName == "reminders"; Reminder.columns.title renders "reminders"."title"
/// ```
public protocol Table: SQLRowDecodable, SQLJSONDecodable {
    /// The typed columns: `$0.title` in query closures.
    associatedtype TableColumns: TableDefinition where TableColumns.QueryValue == Self

    /// Whether the DSL writes to it: ``SQLWritable`` (the default), or ``SQLReadOnly`` for
    /// a view declared ``ReadOnlyView``, on which `insert`, `update` and `delete` do not exist.
    associatedtype Writability: SQLWritability = SQLWritable

    /// The table's name in SQL (`"reminders"`).
    static var tableName: String { get }

    /// Renders each written column's value, in column order, as list items: the `VALUES (…)`
    /// of an INSERT, through each column's representation (generated columns left out).
    func renderColumnValues(into builder: inout SQLBuilder) throws

    /// Every column's value, in column order, as its column's representation: what
    /// `update(row)`, upserts and row comparisons (`$0.eq(row)`) read. `@Table` writes it.
    func columnValues() throws -> [any SQLExpression]

    /// The default scope: what every entry point (`where`, `select`, `order`, `join`, …)
    /// starts from. All rows unless the table redefines it:
    ///
    /// ```swift
    /// static let all = Self.where { $0.deletedAt.is(nil) }
    /// ```
    ///
    /// ``unscoped`` escapes it.
    static var all: SelectOf<Self> { get }
}

extension Table {
    /// The table's column names: a row reads its columns by name, so SQL that returns them in
    /// another order (`SELECT *` after a migration rebuilt the table) still fills each field
    /// from its own column.
    public static var decodedColumnNames: [String]? { TableColumns.columnNames }

    /// A table declared without `@Table` lists no values: `update(row)`, upserts and row
    /// comparisons throw an ``SQLEncodingError`` naming it.
    public func columnValues() throws -> [any SQLExpression] {
        throw SQLEncodingError(self, reason: "\(Self.self) does not list its column values; declare it with @Table")
    }

    public static var all: SelectOf<Self> {
        var all = unscoped
        all.core.isProtocolDefaultScope = true
        return all
    }

    /// The columns, qualified by the table's name.
    public static var columns: TableColumns { TableColumns(qualifier: tableName) }
}

/// The typed columns of a table, qualified by the table's name or an alias.
public protocol TableDefinition: SQLSelectable where QueryValue: Table {
    /// The columns qualified by `qualifier`: the table's name, or an alias in a self-join.
    init(qualifier: String)

    /// What qualifies the columns (`"reminders"` in `"reminders"."title"`).
    var qualifier: String { get }

    /// The column names, in declaration order (the order rows decode in).
    static var columnNames: [String] { get }

    /// The generated columns (`@Column(generated: true)`): read, never written.
    static var generatedColumnNames: [String] { get }

    /// Each column with the name of the Swift property that holds it, in declaration order:
    /// what schema validation compares with the database.
    ///
    /// `@Table` generates it, because its columns are computed properties (a column is built
    /// when a query closure reads it). The default finds the stored `TableColumn` properties
    /// of a hand-written `TableColumns` by reflection: one whose columns are computed
    /// properties must list them here, or validation reports each as unchecked (a column of
    /// `columnNames` it cannot check is a problem, never a silent pass).
    var columnsByProperty: [(property: String, column: any SQLExpression)] { get }
}

extension TableDefinition {
    public static var generatedColumnNames: [String] { [] }

    public var columnsByProperty: [(property: String, column: any SQLExpression)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, child.value is any TableColumnProtocol,
                let column = child.value as? any SQLExpression
            else { return nil }
            return (label, column)
        }
    }

    /// The columns an INSERT writes: all but the generated ones.
    static var writtenColumnNames: [String] {
        let generated = generatedColumnNames
        return generated.isEmpty ? columnNames : columnNames.filter { !generated.contains($0) }
    }
}

/// A table with a primary key: it gets `find(_:)`, and its `Draft` (the row without its
/// primary key) inserts.
public protocol PrimaryKeyedTable: Table where TableColumns: PrimaryKeyedTableDefinition {
    /// The row without its primary key, for inserts where SQLite assigns the key.
    associatedtype Draft: Table
}

/// The columns of a table with a primary key.
public protocol PrimaryKeyedTableDefinition: TableDefinition {
    /// The primary key's representation.
    associatedtype PrimaryKey: SQLEquatable

    /// The primary key column.
    var primaryKey: TableColumn<QueryValue, PrimaryKey> { get }
}

extension TableDefinition {
    /// Every column, in declaration order: the whole row.
    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        builder.columns(qualifier, Self.columnNames)
    }
}
