import CoddCore
import Foundation

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
    public var collation: SQLCollation? { collationID == 0 ? nil : SQLCollationTable.collation(collationID) }

    /// The collation as a number (0: none) in a process-wide table: a column is built for
    /// every statement and copied as it is passed around, and most have none. An inline
    /// `SQLCollation?` made each copy retain and release its parts (about 370 instructions a
    /// point query), a reference to a box still a release.
    @usableFromInline
    let collationID: Int

    @inlinable
    public init(qualifier: String, name: String) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = nil
        self.collationID = 0
    }

    /// A column compared, ordered and grouped in `collation`:
    /// `"name" COLLATE "icu_fr_primary" = ?`.
    @inlinable
    public init(qualifier: String, name: String, collation: SQLCollation?) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = nil
        self.collationID = collation.map(SQLCollationTable.id(of:)) ?? 0
    }

    /// The column of an outer-joined table whose columns are `table`.
    init(qualifier: String, name: String, collation: SQLCollation?, outerTable table: any TableDefinition.Type) {
        self.qualifier = qualifier
        self.name = name
        self.outerTable = table
        self.collationID = collation.map(SQLCollationTable.id(of:)) ?? 0
    }

    public func render(into builder: inout SQLBuilder) throws {
        builder.column(qualifier, name)
        if collationID != 0, let collation = SQLCollationTable.collation(collationID) {
            try builder.collate(dialectCollation: collation)
        }
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

/// The default collations of columns, each numbered once for the life of the process
/// (`TableColumn.collationID`): a program declares a handful.
@usableFromInline
enum SQLCollationTable {
    private static let table = SQLCollationTableStorage()

    @usableFromInline
    static func id(of collation: SQLCollation) -> Int {
        table.id(of: collation)
    }

    @usableFromInline
    static func collation(_ id: Int) -> SQLCollation? {
        table.collation(id)
    }
}

private final class SQLCollationTableStorage: @unchecked Sendable {
    // Safe: every access holds `lock`.
    private let lock = NSLock()
    private var collations: [SQLCollation] = []
    private var ids: [SQLCollation: Int] = [:]

    func id(of collation: SQLCollation) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[collation] { return id }
        collations.append(collation)
        ids[collation] = collations.count
        return collations.count
    }

    func collation(_ id: Int) -> SQLCollation? {
        lock.lock()
        defer { lock.unlock() }
        return id >= 1 && id <= collations.count ? collations[id - 1] : nil
    }
}
