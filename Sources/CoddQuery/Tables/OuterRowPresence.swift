import CoddCore

/// Whether the row of a table on the outer side of an outer join is there: its primary key
/// is not NULL (`"reminders"."id" IS NOT NULL`), or the column a table names for it
/// (``SQLRowPresenceColumn``: `json_each`'s `id`), or, for a table with neither, some column
/// is not NULL. A column of a present row may itself be NULL; only the missing row fails.
///
/// `jsonGroupArray()` filters with it, so a list with no reminders aggregates to `[]`, not
/// `[null]`, while a reminder whose column is NULL still adds `null`.
package struct SQLOuterRowPresence: SQLExpression {
    package typealias QueryValue = Bool
    /// The outer table's columns type.
    let table: any TableDefinition.Type
    /// The table name or alias that qualifies its columns.
    let qualifier: String

    package init(table: any TableDefinition.Type, qualifier: String) {
        self.table = table
        self.qualifier = qualifier
    }

    package var isCompound: Bool { true }

    package func render(into builder: inout SQLBuilder) throws {
        if let keyed = table as? any PrimaryKeyedTableDefinition.Type {
            builder.column(qualifier, primaryKeyName(keyed))
            builder.keyword("IS NOT NULL")
            return
        }
        if let marked = table as? any SQLRowPresenceColumn.Type {
            builder.column(qualifier, marked.presenceColumnName)
            builder.keyword("IS NOT NULL")
            return
        }
        // No primary key: the row is missing when every column is NULL, as an optional
        // row decodes (`NOT ("a" IS NULL AND "b" IS NULL)`).
        builder.keyword("NOT")
        builder.parenthesized { builder in
            for (offset, name) in table.columnNames.enumerated() {
                if offset > 0 { builder.keyword("AND") }
                builder.column(qualifier, name)
                builder.keyword("IS NULL")
            }
        }
    }

    private func primaryKeyName<Keyed: PrimaryKeyedTableDefinition>(_ keyed: Keyed.Type) -> String {
        Keyed(qualifier: qualifier).primaryKey.name
    }
}

extension TableColumn {
    /// How to tell the column's row is there, for a column of an outer-joined table.
    package var outerRowPresence: SQLOuterRowPresence? {
        outerTable.map { SQLOuterRowPresence(table: $0, qualifier: qualifier) }
    }
}

/// A column that may belong to an outer-joined table, whatever its value type.
package protocol SQLOuterJoinedColumn {
    var outerRowPresence: SQLOuterRowPresence? { get }
}

extension TableColumn: SQLOuterJoinedColumn {}

/// A table without a primary key whose rows always have one column that is not NULL
/// (`json_each`'s `id`): an outer-joined row is there when that column is, which renders
/// shorter than testing every column.
package protocol SQLRowPresenceColumn: TableDefinition {
    static var presenceColumnName: String { get }
}
