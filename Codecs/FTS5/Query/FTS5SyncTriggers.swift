import CoddCore
import CoddQuery

extension FTS5 {
    /// Triggers that keep this table in step with `content`: after each INSERT, UPDATE and
    /// DELETE on the content table, the same row is written to the index.
    ///
    /// For an external-content or contentless table (``FTS5Content/external(table:rowID:)``)
    /// an update or delete first removes the old values with FTS5's `'delete'` command;
    /// for a table that stores its content, rows are inserted, updated and deleted.
    ///
    /// ```swift
    /// ReminderText.syncTriggers(from: Reminder.self, rowID: \.id, temporary: true) { text, reminder in
    ///     text.notes = reminder.notes.replace("\n", " ")
    ///     text.tags = ""
    /// }
    /// // CREATE TEMPORARY TRIGGER "reminderTexts_after_insert_reminders" AFTER INSERT ON "reminders"
    /// // BEGIN INSERT INTO "reminderTexts" ("rowid", "title", "notes", "tags")
    /// // VALUES ("new"."id", "new"."title", replace("new"."notes", '\n', ' '), ''); END
    /// ```
    ///
    /// - Parameters:
    ///   - content: the table whose rows are indexed.
    ///   - rowID: the content column that is the FTS5 rowid (the content table's rowid by
    ///     default).
    ///   - temporary: `CREATE TEMPORARY TRIGGER`: for this connection only, not stored in
    ///     the schema.
    ///   - values: what each FTS5 column receives; unassigned columns take the content
    ///     column of the same name.
    public static func syncTriggers<Content: Table, ID>(
        from content: Content.Type,
        rowID: KeyPath<Content.TableColumns, TableColumn<Content, ID>>,
        temporary: Bool = false,
        values: (inout FTS5RowValues<Self>, Content.TableColumns) -> Void = { _, _ in }
    ) -> [FTS5Trigger] {
        syncTriggers(content, rowID: { $0[keyPath: rowID] }, temporary: temporary, values: values)
    }

    /// Triggers that keep this table in step with `content`, whose rowid is the FTS5 rowid
    /// (see ``syncTriggers(from:rowID:temporary:values:)``).
    public static func syncTriggers<Content: Table>(
        from content: Content.Type,
        temporary: Bool = false,
        values: (inout FTS5RowValues<Self>, Content.TableColumns) -> Void = { _, _ in }
    ) -> [FTS5Trigger] {
        syncTriggers(content, rowID: { $0.rowid }, temporary: temporary, values: values)
    }

    private static func syncTriggers<Content: Table>(
        _ content: Content.Type,
        rowID: (Content.TableColumns) -> any SQLExpression,
        temporary: Bool,
        values: (inout FTS5RowValues<Self>, Content.TableColumns) -> Void
    ) -> [FTS5Trigger] {
        func row(_ qualifier: String) -> FTS5TriggerRow {
            let columns = Content.TableColumns(qualifier: qualifier)
            var assigned = FTS5RowValues<Self>()
            values(&assigned, columns)
            let expressions: [any SQLExpression] = fts5ColumnNames.map { name in
                assigned.values[name] ?? TableColumn<Content, String?>(qualifier: qualifier, name: name)
            }
            return FTS5TriggerRow(rowID: rowID(columns), values: expressions)
        }
        let usesDeleteCommand = switch fts5Options.content {
        case .stored: false
        case .external, .contentless: true
        }
        let shape = FTS5TriggerShape(
            table: tableName, columns: fts5ColumnNames, content: Content.tableName,
            temporary: temporary, usesDeleteCommand: usesDeleteCommand
        )
        let new = row("new")
        let old = row("old")
        return [
            FTS5Trigger(shape: shape, event: .insert, new: new, old: old),
            FTS5Trigger(shape: shape, event: .update, new: new, old: old),
            FTS5Trigger(shape: shape, event: .delete, new: new, old: old),
        ]
    }
}

/// The values a trigger writes for one row (`new` or `old`).
struct FTS5TriggerRow: Sendable {
    let rowID: any SQLExpression
    let values: [any SQLExpression]
}

/// What every trigger of a set shares.
struct FTS5TriggerShape: Sendable {
    let table: String
    let columns: [String]
    let content: String
    let temporary: Bool
    let usesDeleteCommand: Bool
}

/// `CREATE TRIGGER … AFTER INSERT|UPDATE|DELETE ON content BEGIN …; END`.
public struct FTS5Trigger: FTS5Statement {
    public enum Event: String, Sendable, Hashable {
        case insert, update, delete
    }

    let shape: FTS5TriggerShape
    /// What the trigger follows.
    public let event: Event
    let new: FTS5TriggerRow
    let old: FTS5TriggerRow

    /// The trigger's name: `reminderTexts_after_insert_reminders`.
    public var name: String { "\(shape.table)_after_\(event.rawValue)_\(shape.content)" }

    /// `DROP TRIGGER IF EXISTS "…"`.
    public var dropSQL: String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.keyword("DROP TRIGGER IF EXISTS")
        builder.identifier(name)
        return builder.sql
    }

    public func sql() throws -> String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.keyword(shape.temporary ? "CREATE TEMPORARY TRIGGER" : "CREATE TRIGGER")
        builder.identifier(name)
        switch event {
        case .insert: builder.keyword("AFTER INSERT ON")
        case .update: builder.keyword("AFTER UPDATE ON")
        case .delete: builder.keyword("AFTER DELETE ON")
        }
        builder.identifier(shape.content)
        builder.keyword("BEGIN")
        switch (event, shape.usesDeleteCommand) {
        case (.insert, _):
            try insert(new, into: &builder)
        case (.update, true):
            try deleteCommand(old, into: &builder)
            try insert(new, into: &builder)
        case (.delete, true):
            try deleteCommand(old, into: &builder)
        case (.update, false):
            try update(into: &builder)
        case (.delete, false):
            builder.keyword("DELETE FROM")
            builder.identifier(shape.table)
            try whereRowID(is: old, into: &builder)
        }
        builder.keyword("END")
        return builder.sql
    }

    /// `INSERT INTO "t" ("rowid", …) VALUES (new.…);`
    private func insert(_ row: FTS5TriggerRow, into builder: inout SQLBuilder) throws {
        builder.keyword("INSERT INTO")
        builder.identifier(shape.table)
        builder.parenthesized { builder in
            builder.listItem { $0.identifier("rowid") }
            for column in shape.columns { builder.listItem { $0.identifier(column) } }
        }
        try values(row, into: &builder, command: nil)
    }

    /// `INSERT INTO "t" ("t", "rowid", …) VALUES ('delete', old.…);`: FTS5's `'delete'`
    /// command, which needs the values that were indexed.
    private func deleteCommand(_ row: FTS5TriggerRow, into builder: inout SQLBuilder) throws {
        builder.keyword("INSERT INTO")
        builder.identifier(shape.table)
        builder.parenthesized { builder in
            builder.listItem { $0.identifier(shape.table) }
            builder.listItem { $0.identifier("rowid") }
            for column in shape.columns { builder.listItem { $0.identifier(column) } }
        }
        try values(row, into: &builder, command: "delete")
    }

    private func values(_ row: FTS5TriggerRow, into builder: inout SQLBuilder, command: String?) throws {
        builder.keyword("VALUES")
        try builder.parenthesized { builder in
            if let command { builder.listItem { $0.text(command) } }
            try builder.listItem { try row.rowID.render(into: &$0) }
            for value in row.values { try builder.listItem { try value.render(into: &$0) } }
        }
        builder.appendStatementEnd()
    }

    /// `UPDATE "t" SET "rowid" = new.…, … WHERE "rowid" = old.…;`
    private func update(into builder: inout SQLBuilder) throws {
        builder.keyword("UPDATE")
        builder.identifier(shape.table)
        builder.keyword("SET")
        try builder.list { builder in
            try builder.listItem {
                $0.identifier("rowid")
                $0.keyword("=")
                try new.rowID.render(into: &$0)
            }
            for (column, value) in zip(shape.columns, new.values) {
                try builder.listItem {
                    $0.identifier(column)
                    $0.keyword("=")
                    try value.render(into: &$0)
                }
            }
        }
        try whereRowID(is: old, into: &builder)
    }

    private func whereRowID(is row: FTS5TriggerRow, into builder: inout SQLBuilder) throws {
        builder.keyword("WHERE")
        builder.identifier("rowid")
        builder.keyword("=")
        try row.rowID.render(into: &builder)
        builder.appendStatementEnd()
    }
}

extension SQLBuilder {
    /// `;` after a statement of a trigger body.
    mutating func appendStatementEnd() {
        appendRaw(";")
    }
}
