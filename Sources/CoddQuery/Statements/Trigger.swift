import CoddCore

/// `CREATE [TEMPORARY] TRIGGER`: statements SQLite runs for each row an INSERT, UPDATE or
/// DELETE on `On` writes.
///
/// The body is written with the query DSL; `new` and `old` are the table's typed columns,
/// qualified by `"new"` and `"old"`. SQLite's CREATE TRIGGER takes no bound parameters,
/// so the whole statement renders with its values inline, escaped by the builder.
///
/// ```swift
/// RemindersList.createTemporaryTrigger(after: .insert { new in
///     RemindersList.find(new.id).update {
///         $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
///     }
/// })
/// // CREATE TEMPORARY TRIGGER "after_insert_on_remindersLists_…" AFTER INSERT ON "remindersLists"
/// // FOR EACH ROW BEGIN UPDATE "remindersLists" SET "position" = (SELECT …)
/// // WHERE ("remindersLists"."id" = "new"."id"); END
/// ```
public struct CreateTrigger<On: Table>: SQLStatement {
    /// When the trigger runs, relative to the write that fires it.
    public enum Timing: Sendable, Hashable {
        case before, after, insteadOf
    }

    let explicitName: String?
    let temporary: Bool
    let ifNotExists: Bool
    let timing: Timing
    let event: TriggerEvent<On>

    /// The trigger's name: the one given, or one made from the timing, the event, the
    /// table and a hash of the body and condition, stable from run to run
    /// (`after_insert_on_remindersLists_1a2b3c4d`).
    ///
    /// A body that cannot render (a value its codec refuses) still gets a stable name, from
    /// what rendered and the error; creating that trigger throws the error.
    public var name: String {
        if let explicitName { return explicitName }
        var body = SQLBuilder(mode: .inlineLiterals)
        var bytes: [UInt8]
        do {
            try renderBody(into: &body)
            bytes = body.sqlBytes
        } catch {
            bytes = body.sqlBytes + Array(String(describing: error).utf8)
        }
        let hash = bytes.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: 8 - hex.count) + hex
        return "\(timing.word)_\(event.kind.word)_on_\(On.tableName)_\(padded)"
    }

    /// The same trigger named `name`.
    public func named(_ name: String) -> Self {
        Self(explicitName: name, temporary: temporary, ifNotExists: ifNotExists, timing: timing, event: event)
    }

    /// `DROP TRIGGER "name"`, as ``CreateView/drop(ifExists:)`` drops a view.
    public func drop(ifExists: Bool = false) -> DropTrigger {
        DropTrigger(name: name, ifExists: ifExists)
    }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        // The trigger renders inline whatever mode the caller asked for: SQLite refuses
        // parameters in CREATE TRIGGER.
        var inline = SQLBuilder(mode: .inlineLiterals, dialect: builder.dialect)
        inline.keyword(temporary ? "CREATE TEMPORARY TRIGGER" : "CREATE TRIGGER")
        if ifNotExists { inline.keyword("IF NOT EXISTS") }
        inline.identifier(name)
        switch timing {
        case .before: inline.keyword("BEFORE")
        case .after: inline.keyword("AFTER")
        case .insteadOf: inline.keyword("INSTEAD OF")
        }
        switch event.kind {
        case .insert: inline.keyword("INSERT")
        case .delete: inline.keyword("DELETE")
        case .update(let columns):
            inline.keyword("UPDATE")
            if !columns.isEmpty {
                inline.keyword("OF")
                inline.list { builder in
                    for column in columns { builder.listItem { $0.identifier(column) } }
                }
            }
        }
        inline.keyword("ON")
        inline.identifier(On.tableName)
        try renderBody(into: &inline)
        if let requirement = inline.requirement { builder.require(requirement) }
        builder.appendRaw(inline.sql)
    }

    /// `FOR EACH ROW [WHEN …] BEGIN …; END`.
    private func renderBody(into builder: inout SQLBuilder) throws {
        builder.keyword("FOR EACH ROW")
        if let condition = event.condition {
            builder.keyword("WHEN")
            try condition.render(into: &builder)
        }
        guard !event.body.isEmpty else {
            throw SQLEncodingError(
                type: "CreateTrigger<\(SQLTypeName.of(On.self))>", valuePreview: "",
                reason: "a trigger needs at least one statement"
            )
        }
        builder.keyword("BEGIN")
        for statement in event.body {
            // Qualified columns throughout: `"new"."id"` must not lose its qualifier, and a
            // qualified column means the same in every statement SQLite allows here.
            var part = SQLBuilder(mode: .inlineLiterals, dialect: builder.dialect)
            part.qualifiesColumnNames = true
            try statement.renderStatement(into: &part)
            if let requirement = part.requirement { builder.require(requirement) }
            builder.appendRaw(" ")
            builder.appendRaw(part.sql)
            builder.appendRaw(";")
        }
        builder.keyword("END")
    }
}

/// `DROP TRIGGER [IF EXISTS] "name"`.
public struct DropTrigger: SQLStatement {
    /// The trigger dropped.
    public let name: String
    let ifExists: Bool

    public func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("DROP TRIGGER")
        if ifExists { builder.keyword("IF EXISTS") }
        builder.identifier(name)
    }
}

extension CreateTrigger.Timing {
    var word: String {
        switch self {
        case .before: "before"
        case .after: "after"
        case .insteadOf: "insteadOf"
        }
    }
}

/// What fires a trigger (INSERT, UPDATE, UPDATE OF columns, DELETE), its body and its
/// optional `WHEN` condition.
public struct TriggerEvent<On: Table>: Sendable {
    enum Kind: Sendable {
        case insert, delete
        case update(columns: [String])

        var word: String {
            switch self {
            case .insert: "insert"
            case .delete: "delete"
            case .update(let columns): columns.isEmpty ? "update" : "update_of_\(columns.joined(separator: "_"))"
            }
        }
    }

    let kind: Kind
    let body: [any SQLStatement]
    let condition: (any SQLExpression<Bool>)?

    /// The inserted row's columns, `"new"."…"`.
    static var new: On.TableColumns { On.TableColumns(qualifier: "new") }
    /// The deleted or replaced row's columns, `"old"."…"`.
    static var old: On.TableColumns { On.TableColumns(qualifier: "old") }

    /// `INSERT`: `body` sees the inserted row as `new`.
    public static func insert(
        @TriggerBodyBuilder _ body: (_ new: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ new: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(kind: .insert, body: body(new), condition: condition?(new))
    }

    /// `UPDATE`: `body` sees the row before as `old` and after as `new`.
    public static func update(
        @TriggerBodyBuilder _ body: (_ old: On.TableColumns, _ new: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(kind: .update(columns: []), body: body(old, new), condition: condition?(old, new))
    }

    /// `UPDATE OF "column"`: fires only when an UPDATE assigns `column`.
    public static func update<Value>(
        of column: KeyPath<On.TableColumns, TableColumn<On, Value>>,
        @TriggerBodyBuilder _ body: (_ old: On.TableColumns, _ new: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ old: On.TableColumns, _ new: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(
            kind: .update(columns: [On.columns[keyPath: column].name]), body: body(old, new),
            condition: condition?(old, new))
    }

    /// `DELETE`: `body` sees the deleted row as `old`.
    public static func delete(
        @TriggerBodyBuilder _ body: (_ old: On.TableColumns) -> [any SQLStatement],
        when condition: ((_ old: On.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        Self(kind: .delete, body: body(old), condition: condition?(old))
    }
}

/// Collects the statements of a trigger body, one per line of the closure.
@resultBuilder
public enum TriggerBodyBuilder {
    public static func buildExpression(_ statement: some SQLStatement) -> [any SQLStatement] {
        [statement]
    }

    public static func buildBlock(_ parts: [any SQLStatement]...) -> [any SQLStatement] {
        parts.flatMap(\.self)
    }
}

extension Table {
    /// `CREATE TEMPORARY TRIGGER`: for this connection only, gone when it closes; not
    /// stored in the schema. `name` replaces the generated one.
    public static func createTemporaryTrigger(
        _ name: String? = nil,
        before event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: true, ifNotExists: false, timing: .before, event: event)
    }

    /// `CREATE TEMPORARY TRIGGER … AFTER …`.
    public static func createTemporaryTrigger(
        _ name: String? = nil,
        after event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: true, ifNotExists: false, timing: .after, event: event)
    }

    /// `CREATE TEMPORARY TRIGGER … INSTEAD OF …` (on a view).
    public static func createTemporaryTrigger(
        _ name: String? = nil,
        insteadOf event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: true, ifNotExists: false, timing: .insteadOf, event: event)
    }

    /// `CREATE TRIGGER`: stored in the schema, for migrations.
    public static func createTrigger(
        _ name: String? = nil,
        ifNotExists: Bool = false,
        before event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: false, ifNotExists: ifNotExists, timing: .before, event: event)
    }

    /// `CREATE TRIGGER … AFTER …`, stored in the schema.
    public static func createTrigger(
        _ name: String? = nil,
        ifNotExists: Bool = false,
        after event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: false, ifNotExists: ifNotExists, timing: .after, event: event)
    }

    /// `CREATE TRIGGER … INSTEAD OF …` (on a view), stored in the schema.
    public static func createTrigger(
        _ name: String? = nil,
        ifNotExists: Bool = false,
        insteadOf event: TriggerEvent<Self>
    ) -> CreateTrigger<Self> {
        CreateTrigger(explicitName: name, temporary: false, ifNotExists: ifNotExists, timing: .insteadOf, event: event)
    }
}

extension PrimaryKeyedTable {
    /// The row whose primary key equals `primaryKey`, an expression: `find(new.id)` in a
    /// trigger body renders `WHERE "t"."id" = "new"."id"`.
    public static func find(_ primaryKey: some SQLQueryExpression<TableColumns.PrimaryKey>) -> SelectOf<Self> {
        scoped.where { $0.primaryKey.eq(primaryKey) }
    }
}
