import CoddCore

/// `CREATE [TEMPORARY] VIEW "name" ("column", …) AS SELECT …`: a view whose rows are a
/// `@Table` type, queried with the DSL like a table.
///
/// The view's columns are the table type's, in declaration order; the SELECT returns them
/// in that order. SQLite takes no bound parameters in CREATE VIEW, so the SELECT renders
/// with its values inline, escaped by the builder.
///
/// ```swift
/// @Table("openReminders")
/// struct OpenReminder { let id: Int; var title: String }
///
/// OpenReminder.createTemporaryView(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) })
/// // CREATE TEMPORARY VIEW "openReminders" ("id", "title")
/// // AS SELECT "id", "title" FROM "reminders" WHERE NOT ("isCompleted")
/// ```
///
/// A view is read-only: SQLite refuses an INSERT, UPDATE or DELETE on it unless an
/// `INSTEAD OF` trigger (``Table/createTemporaryTrigger(_:insteadOf:)``) says what to do.
public struct CreateView<View: Table>: SQLStatement {
    let temporary: Bool
    let ifNotExists: Bool
    let select: any SQLStatement

    public func renderStatement(into builder: inout SQLBuilder) throws {
        let query = try select.rendered(mode: .inlineLiterals, dialect: builder.dialect)
        builder.keyword(temporary ? "CREATE TEMPORARY VIEW" : "CREATE VIEW")
        if ifNotExists { builder.keyword("IF NOT EXISTS") }
        builder.identifier(View.tableName)
        builder.parenthesized { builder in
            for name in View.TableColumns.columnNames { builder.listItem { $0.identifier(name) } }
        }
        builder.keyword("AS")
        if let requirement = query.requirement { builder.require(requirement) }
        builder.appendRaw(" ")
        builder.appendRaw(query.sql)
    }

    /// `DROP VIEW "name"`.
    public func drop(ifExists: Bool = false) -> DropView<View> {
        DropView(ifExists: ifExists)
    }
}

/// `DROP VIEW [IF EXISTS] "name"`.
public struct DropView<View: Table>: SQLStatement {
    let ifExists: Bool

    public func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("DROP VIEW")
        if ifExists { builder.keyword("IF EXISTS") }
        builder.identifier(View.tableName)
    }
}

extension Table {
    /// `CREATE TEMPORARY VIEW`: this type's table name and columns, rows from `select`;
    /// for this connection only.
    public static func createTemporaryView(ifNotExists: Bool = false, as select: some SQLSelectStatement) -> CreateView<
        Self
    > {
        CreateView(temporary: true, ifNotExists: ifNotExists, select: select)
    }

    /// `CREATE VIEW`, stored in the schema (for migrations).
    public static func createView(ifNotExists: Bool = false, as select: some SQLSelectStatement) -> CreateView<Self> {
        CreateView(temporary: false, ifNotExists: ifNotExists, select: select)
    }

    /// `DROP VIEW "name"`.
    public static func dropView(ifExists: Bool = false) -> DropView<Self> {
        DropView(ifExists: ifExists)
    }
}
