import CoddCore

// INSERTs of expressions rather than Swift values: what a trigger body writes from the row
// that fired it (`"new"."title"`), or any expression SQLite computes; and INSERT … SELECT.

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
        insert(or: conflict, columnNames: [columns(Self.columns).name], rows: [[values()]])
    }

    /// `INSERT INTO "table" ("column") VALUES (a), (b), …`: several rows of expressions.
    public static func insert<V1>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> TableColumn<Self, V1>,
        values: () -> [any SQLExpression<V1>]
    ) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, columnNames: [columns(Self.columns).name], rows: values().map { [$0] })
    }

    /// `INSERT INTO "table" ("a", "b") VALUES (expression, expression)`.
    public static func insert<V1, V2>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2) = columns(Self.columns)
        let (v1, v2) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name], rows: [[v1, v2]])
    }

    /// `INSERT INTO "table" ("a", "b") VALUES (…), (…)`: several rows of expressions.
    ///
    /// ```swift
    /// Tag.insert({ ($0.id, $0.name) }, values: { [(1, "home"), (2, new.title.lower())] })
    /// // INSERT INTO "tags" ("id", "name") VALUES (?, ?), (?, lower("new"."title"))
    /// ```
    public static func insert<V1, V2>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>),
        values: () -> [(any SQLExpression<V1>, any SQLExpression<V2>)]
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2) = columns(Self.columns)
        return insert(or: conflict, columnNames: [c1.name, c2.name], rows: values().map { [$0.0, $0.1] })
    }

    /// `INSERT INTO "table" ("a", "b", "c") VALUES (…)`.
    public static func insert<V1, V2, V3>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3) = columns(Self.columns)
        let (v1, v2, v3) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name, c3.name], rows: [[v1, v2, v3]])
    }

    /// `INSERT INTO "table" ("a", "b", "c") VALUES (…), (…)`.
    public static func insert<V1, V2, V3>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>),
        values: () -> [(any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>)]
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3) = columns(Self.columns)
        return insert(
            or: conflict, columnNames: [c1.name, c2.name, c3.name], rows: values().map { [$0.0, $0.1, $0.2] })
    }

    /// `INSERT INTO "table" ("a", "b", "c", "d") VALUES (…)`.
    public static func insert<V1, V2, V3, V4>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (
            TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>
        ),
        values: () -> (any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>, any SQLExpression<V4>)
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4) = columns(Self.columns)
        let (v1, v2, v3, v4) = values()
        return insert(or: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name], rows: [[v1, v2, v3, v4]])
    }

    /// `INSERT INTO "table" ("a", "b", "c", "d") VALUES (…), (…)`.
    public static func insert<V1, V2, V3, V4>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (
            TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>
        ),
        values: () -> [(any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>, any SQLExpression<V4>)]
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4) = columns(Self.columns)
        return insert(
            or: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name],
            rows: values().map { [$0.0, $0.1, $0.2, $0.3] }
        )
    }

    /// `INSERT INTO "table" ("a", "b", "c", "d", "e") VALUES (…)`.
    public static func insert<V1, V2, V3, V4, V5>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (
            TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>,
            TableColumn<Self, V5>
        ),
        values: () -> (
            any SQLExpression<V1>, any SQLExpression<V2>, any SQLExpression<V3>, any SQLExpression<V4>,
            any SQLExpression<V5>
        )
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4, c5) = columns(Self.columns)
        let (v1, v2, v3, v4, v5) = values()
        return insert(
            or: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name, c5.name], rows: [[v1, v2, v3, v4, v5]])
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
            returning: nil)
    }
}

// MARK: - INSERT … SELECT

extension Table where Writability == SQLWritable {
    /// `INSERT INTO "table" (column) SELECT …`.
    public static func insert<V1, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> TableColumn<Self, V1>,
        select: Select<V1, Other>
    ) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: [columns(Self.columns).name], source: .select(select), returning: nil)
    }

    /// `INSERT INTO "table" (a, b) SELECT …`.
    public static func insert<V1, V2, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>),
        select: Select<SQLRow2<V1, V2>, Other>
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2) = columns(Self.columns)
        return Insert(conflict: conflict, columnNames: [c1.name, c2.name], source: .select(select), returning: nil)
    }

    /// `INSERT INTO "table" (a, b, c) SELECT …`.
    public static func insert<V1, V2, V3, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>),
        select: Select<SQLRow3<V1, V2, V3>, Other>
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3) = columns(Self.columns)
        return Insert(
            conflict: conflict, columnNames: [c1.name, c2.name, c3.name], source: .select(select), returning: nil)
    }

    /// `INSERT INTO "table" (a, b, c, d) SELECT …`.
    public static func insert<V1, V2, V3, V4, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (
            TableColumn<Self, V1>, TableColumn<Self, V2>, TableColumn<Self, V3>, TableColumn<Self, V4>
        ),
        select: Select<SQLRow4<V1, V2, V3, V4>, Other>
    ) -> Insert<Self, SQLNoRows> {
        let (c1, c2, c3, c4) = columns(Self.columns)
        return Insert(
            conflict: conflict, columnNames: [c1.name, c2.name, c3.name, c4.name], source: .select(select),
            returning: nil)
    }

    /// `INSERT INTO "table" (a, b, c, d, e, …) SELECT …`: any number of columns, the
    /// statement selecting as many, of the same types.
    @_disfavoredOverload
    public static func insert<each V: SQLCustomType, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (repeat TableColumn<Self, each V>),
        select: Select<SQLRowPack<repeat each V>, Other>
    ) -> Insert<Self, SQLNoRows> {
        let selected = columns(Self.columns)
        var names: [String] = []
        for column in repeat each selected {
            names.append(column.name)
        }
        return Insert(conflict: conflict, columnNames: names, source: .select(select), returning: nil)
    }

    /// `INSERT INTO "table" (every written column) SELECT …` of whole rows of the table:
    /// `Archive.insert(select: Reminder.where { $0.isCompleted }.select { Archive.Columns(…) })`,
    /// or another statement of this table's rows.
    public static func insert<Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        select: Select<Self, Other>
    ) -> Insert<Self, SQLNoRows> {
        Insert(
            conflict: conflict, columnNames: TableColumns.writtenColumnNames, source: .select(select), returning: nil)
    }
}

extension Table {
    /// `INSERT INTO "table" (columnNames…) VALUES (values…)`, for modules that build
    /// statements of their own (FTS5's sync triggers write its hidden command column).
    package static func insert(
        or conflict: SQLConflictResolution? = nil, columnNames: [String], values: [any SQLExpression]
    ) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, columnNames: columnNames, rows: [values])
    }

    /// `INSERT INTO "table" (columnNames…) VALUES (…), (…)`: rows of expressions.
    static func insert(
        or conflict: SQLConflictResolution? = nil, columnNames: [String], rows: [[any SQLExpression]]
    ) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: columnNames, source: .values(rows), returning: nil)
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
