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
    /// // CREATE TEMPORARY TRIGGER "reminderTexts_after_insert_reminders" AFTER INSERT ON "reminders" FOR EACH ROW
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
        rowID: @escaping (Content.TableColumns) -> any SQLExpression,
        temporary: Bool,
        values: (inout FTS5RowValues<Self>, Content.TableColumns) -> Void
    ) -> [FTS5Trigger] {
        let names = fts5ColumnNames
        // What the index receives for the row `columns` (`new` or `old`): its rowid, then one
        // expression per FTS5 column.
        func row(_ columns: Content.TableColumns) -> [any SQLExpression] {
            var assigned = FTS5RowValues<Self>()
            values(&assigned, columns)
            return [rowID(columns)]
                + names.map { name in
                    assigned.values[name] ?? TableColumn<Content, String?>(qualifier: columns.qualifier, name: name)
                }
        }
        func insert(_ columns: Content.TableColumns) -> Insert<Self, SQLNoRows> {
            Self.insert(columnNames: ["rowid"] + names, values: row(columns))
        }
        // FTS5's 'delete' command, which needs the values that were indexed.
        func deleteCommand(_ columns: Content.TableColumns) -> Insert<Self, SQLNoRows> {
            Self.insert(
                columnNames: [tableName, "rowid"] + names,
                values: [String("delete") as any SQLExpression] + row(columns))
        }
        func isRow(of columns: Content.TableColumns) -> SQLBinaryOperation<Bool> {
            SQLBinaryOperation<Bool>(TableColumn<Self, Int>(qualifier: tableName, name: "rowid"), "=", rowID(columns))
        }
        let usesDeleteCommand =
            switch fts5Options.content {
            case .stored: false
            case .external, .contentless: true
            }
        let events: [(FTS5Trigger.Event, TriggerEvent<Content>)]
        if usesDeleteCommand {
            events = [
                (.insert, .insert { new in insert(new) }),
                (
                    .update,
                    .update { old, new in
                        deleteCommand(old)
                        insert(new)
                    }
                ),
                (.delete, .delete { old in deleteCommand(old) }),
            ]
        } else {
            events = [
                (.insert, .insert { new in insert(new) }),
                (
                    .update,
                    .update { old, new in
                        Self.update(
                            where: isRow(of: old),
                            assignments: zip(["rowid"] + names, row(new)).map { (column: $0, value: $1) })
                    }
                ),
                (.delete, .delete { old in Self.delete(where: isRow(of: old)) }),
            ]
        }
        return events.map { kind, event in
            let name = "\(tableName)_after_\(kind.rawValue)_\(Content.tableName)"
            let trigger =
                temporary
                ? Content.createTemporaryTrigger(name, after: event)
                : Content.createTrigger(name, after: event)
            return FTS5Trigger(event: kind, name: name, trigger: trigger)
        }
    }
}

/// `CREATE [TEMPORARY] TRIGGER … AFTER INSERT|UPDATE|DELETE ON content FOR EACH ROW BEGIN …;
/// END`: one of the triggers `syncTriggers` writes with the trigger DSL
/// (`createTemporaryTrigger(_:after:)`), named for the index, the event and the content.
public struct FTS5Trigger: FTS5Statement {
    public enum Event: String, Sendable, Hashable {
        case insert, update, delete
    }

    /// What the trigger follows.
    public let event: Event
    /// The trigger's name: `reminderTexts_after_insert_reminders`.
    public let name: String
    let trigger: any SQLStatement

    /// `DROP TRIGGER IF EXISTS "…"`.
    public var dropSQL: String {
        var builder = SQLBuilder(mode: .inlineLiterals)
        builder.keyword("DROP TRIGGER IF EXISTS")
        builder.identifier(name)
        return builder.sql
    }

    public func sql() throws -> String {
        try trigger.rendered(mode: .inlineLiterals).sql
    }
}
