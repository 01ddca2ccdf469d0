import CoddCore

// INSERTs of expressions rather than Swift values: what a trigger body writes from the row
// that fired it (`"new"."title"`), or any expression SQLite computes.

extension Table where Writability == SQLWritable {
    /// `INSERT INTO "table" ("column") VALUES (expression)`:
    ///
    /// ```swift
    /// Tag.insert { $0.name } values: { new.title.lower() }
    /// // INSERT INTO "tags" ("name") VALUES (lower("new"."title"))
    /// ```
    public static func insert<V1>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> TableColumn<Self, V1>,
        values: () -> any SQLExpression<V1>
    ) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, columnNames: [columns(Self.columns).name], values: [values()])
    }

    /// `INSERT INTO "table" ("a", "b") VALUES (expression, expression)`.
    public static func insert<V1, V2>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2) = columns(Self.columns)
        let (v1, v2) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name], values: [v1, v2])
    }

    /// `INSERT INTO "table" ("a", "b", "c") VALUES (…)`.
    public static func insert<V1, V2, V3>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3) = columns(Self.columns)
        let (v1, v2, v3) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name, c3.name], values: [v1, v2, v3])
    }

    /// `INSERT INTO "table" ("a", "b", "c", "d") VALUES (…)`.
    public static func insert<V1, V2, V3, V4>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>, any SQLExpression<V4>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4) = columns(Self.columns)
        let (v1, v2, v3, v4) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name], values: [v1, v2, v3, v4])
    }

    /// `INSERT INTO "table" ("a", "b", "c", "d", "e") VALUES (…)`.
    public static func insert<V1, V2, V3, V4, V5>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (
            TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>, TableColumn<Self, V5>
        ),
        values: () -> (
            any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>, any SQLExpression<V4>, any SQLExpression<V5>
        )
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4, c5) = columns(Self.columns)
        let (v1, v2, v3, v4, v5) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name, c5.name], values: [v1, v2, v3, v4, v5])
    }

    /// `INSERT INTO "table" (every column) SELECT …`: a row of expressions, one per column,
    /// written as the `Columns` of a type marked `@Table @Selection` (FTS5 sync
    /// trigger):
    ///
    /// ```swift
    /// ReminderText.insert {
    ///     ReminderText.Columns(rowid: new.rowid, title: new.title, notes: new.notes, tags: "")
    /// }
    /// // INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags")
    /// // SELECT "new"."rowid" AS "rowid", "new"."title" AS "title", "new"."notes" AS "notes", '' AS "tags"
    /// ```
    public static func insert<Row: TableSelectionColumns>(
        or conflict: SQLConflictResolution? = nil,
        _ row: () -> Row
    ) -> Insert<Self, SQLNoRows> where Row.QueryValue == Self {
        Insert(
            conflict: conflict, columnNames: TableColumns.columnNames, source: .select(SelectionRow(selection: row())),
            upsert: nil, returning: nil
        )
    }
}

extension Table {
    /// `INSERT INTO "table" (columnNames…) VALUES (values…)`, for modules that build
    /// statements of their own (FTS5's sync triggers write its hidden command column).
    package static func insert(
        or conflict: SQLConflictResolution? = nil, columnNames: [String], values: [any SQLExpression]
    ) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: columnNames, source: .values(values), upsert: nil, returning: nil)
    }

    /// `UPDATE "table" SET "name" = value, … WHERE condition`, assigned by column name.
    package static func update(
        where condition: any SQLExpression<Bool>, assignments: [(column: String, value: any SQLExpression)]
    ) -> Update<Self, SQLNoRows> {
        var updates = Updates<Self>(columns: Self.columns)
        updates.assignments = assignments
        var filter = unscoped
        filter.core.wheres.append(SelectCore.Term(expression: condition))
        return Update(conflict: nil, updates: updates, filter: filter.core, returning: nil)
    }

    /// `DELETE FROM "table" WHERE condition`.
    package static func delete(where condition: any SQLExpression<Bool>) -> Delete<Self, SQLNoRows> {
        var filter = unscoped
        filter.core.wheres.append(SelectCore.Term(expression: condition))
        return Delete(filter: filter.core, returning: nil)
    }
}

/// `SELECT expression AS "name", …` with no table: one row of a selection's expressions.
struct SelectionRow: SQLStatement {
    let selection: any SQLSelectable

    func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("SELECT")
        try builder.list { try selection.renderSelection(into: &$0, alias: nil) }
    }
}
