import CoddCore

/// An INSERT: rows or drafts, or the rows of a SELECT; with conflict resolution, upsert
/// clauses and `RETURNING`.
///
/// ```swift
/// Reminder.insert { Reminder.Draft(title: "Buy milk", remindersListID: 1) }
/// // INSERT INTO "reminders" ("title", "isCompleted", "remindersListID") VALUES (?, ?, ?)
///
/// Tag.insert(or: .ignore, [Tag(id: 1, name: "home")])
/// // INSERT OR IGNORE INTO "tags" ("id", "name") VALUES (?, ?)
///
/// Tag.insert([tag])
///     .onConflict({ $0.id }, doUpdate: { $0.name = $1.name })
/// // … ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name"
/// ```
public struct Insert<Into: Table, Returning: SQLRowDecodable>: SQLSelectStatement {
    public typealias Row = Returning

    var conflict: SQLConflictResolution?
    var columnNames: [String]
    var source: InsertSource
    /// The `ON CONFLICT` clauses, in order: SQLite tries each in turn (only the last may
    /// have no target).
    var upserts: [InsertUpsert<Into>] = []
    var returning: (any SQLSelectable)?

    init(
        conflict: SQLConflictResolution?, columnNames: [String], source: InsertSource,
        upserts: [InsertUpsert<Into>] = [],
        returning: (any SQLSelectable)?
    ) {
        self.conflict = conflict
        self.columnNames = columnNames
        self.source = source
        self.upserts = upserts
        self.returning = returning
    }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("INSERT")
        if let conflict {
            try builder.require(.conflictClauses, "INSERT \(conflict.keyword) (use onConflict on PostgreSQL)")
            builder.keyword(conflict.keyword)
        }
        builder.keyword("INTO")
        builder.identifier(Into.tableName)
        builder.parenthesized { builder in
            for name in columnNames { builder.listItem { $0.identifier(name) } }
        }
        try renderSource(into: &builder)
        if upserts.count > 1 {
            try builder.require(.multipleConflictTargets, "several ON CONFLICT clauses")
        }
        for upsert in upserts {
            try upsert.render(into: &builder)
        }
        try renderReturning(returning, into: &builder)
    }

    private func renderSource(into builder: inout SQLBuilder) throws {
        switch source {
        case .rows(let rows):
            guard !rows.isEmpty else { throw emptyError("[]", "an INSERT needs at least one row") }
            builder.keyword("VALUES")
            try builder.list { builder in
                for row in rows {
                    try builder.listItem { try $0.parenthesized { try row.renderColumnValues(into: &$0) } }
                }
            }
        case .mixed(let rows):
            guard !rows.isEmpty else { throw emptyError("[]", "an INSERT needs at least one row") }
            builder.keyword("VALUES")
            try builder.list { builder in
                for row in rows {
                    try builder.listItem {
                        try $0.parenthesized { try row.renderValues(columns: columnNames, into: &$0) }
                    }
                }
            }
        case .values(let rows):
            guard !rows.isEmpty, rows.allSatisfy({ !$0.isEmpty }) else {
                throw emptyError("()", "an INSERT needs at least one row of values")
            }
            builder.keyword("VALUES")
            try builder.list { builder in
                for values in rows {
                    guard values.count == columnNames.count else {
                        throw SQLEncodingError(
                            type: "Insert<\(SQLTypeName.of(Into.self))>", valuePreview: "\(values.count) values",
                            reason: "a row of \(values.count) values for \(columnNames.count) columns"
                        )
                    }
                    try builder.listItem { builder in
                        try builder.parenthesized { builder in
                            for value in values { try builder.listItem { try value.render(into: &$0) } }
                        }
                    }
                }
            }
        case .select(let query):
            if !upserts.isEmpty {
                // SQLite cannot tell ON CONFLICT from a join's ON after a SELECT: the
                // documented way out is a subquery with a WHERE of its own (named, as
                // PostgreSQL before 16 requires of a subquery in FROM).
                builder.keyword("SELECT * FROM")
                try builder.parenthesized { try query.renderStatement(into: &$0) }
                builder.keyword("AS")
                builder.identifier("selected")
                builder.keyword("WHERE true")
            } else {
                try query.renderStatement(into: &builder)
            }
        }
    }

    private func emptyError(_ preview: String, _ reason: String) -> SQLEncodingError {
        SQLEncodingError(type: "Insert<\(SQLTypeName.of(Into.self))>", valuePreview: preview, reason: reason)
    }

    /// The statement with one more `ON CONFLICT` clause.
    func adding(_ upsert: InsertUpsert<Into>) -> Self {
        var copy = self
        copy.upserts.append(upsert)
        return copy
    }
}

// MARK: - Upsert clauses

extension Insert {
    /// `ON CONFLICT (target) [WHERE …] DO UPDATE SET … [WHERE …]`.
    ///
    /// The target is the columns or expressions of a unique index: one
    /// (`{ $0.id }`, `{ $0.title.lower() }`) or several (`{ ($0.listID, $0.title) }`);
    /// `targetWhere` matches a partial index's `WHERE`. In `doUpdate`, `$1` is the row that
    /// was not inserted (`"excluded"`); `where` limits which conflicting rows are updated.
    ///
    /// ```swift
    /// .onConflict({ ($0.listID, $0.title.lower()) }, doUpdate: { $0.notes = $1.notes })
    /// // ON CONFLICT ("listID", (lower("title"))) DO UPDATE SET "notes" = "excluded"."notes"
    /// ```
    ///
    /// Several `onConflict` clauses render in order, each tried in turn (SQLite 3.35).
    public func onConflict<each Target: SQLExpression>(
        _ target: (Into.TableColumns) -> (repeat each Target),
        targetWhere targetCondition: ((Into.TableColumns) -> any SQLExpression<Bool>)? = nil,
        doUpdate assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
        where condition: ((Into.TableColumns, Into.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        let targets = target(Into.columns)
        var expressions: [any SQLExpression] = []
        for expression in repeat each targets {
            expressions.append(expression)
        }
        return adding(
            InsertUpsert(
                target: expressions, targetCondition: targetCondition?(Into.columns), assignments: assignments,
                condition: condition
            )
        )
    }

    /// `ON CONFLICT DO UPDATE SET …`: for a conflict on any unique constraint (SQLite
    /// 3.35; the last clause when there are several; PostgreSQL requires a target).
    public func onConflict(
        doUpdate assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
        where condition: ((Into.TableColumns, Into.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        adding(InsertUpsert(target: [], targetCondition: nil, assignments: assignments, condition: condition))
    }

    /// `ON CONFLICT (target) [WHERE …] DO NOTHING`: the target as in
    /// ``onConflict(_:targetWhere:doUpdate:where:)``.
    public func onConflictDoNothing<each Target: SQLExpression>(
        _ target: (Into.TableColumns) -> (repeat each Target),
        targetWhere targetCondition: ((Into.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        let targets = target(Into.columns)
        var expressions: [any SQLExpression] = []
        for expression in repeat each targets {
            expressions.append(expression)
        }
        return adding(InsertUpsert(target: expressions, targetCondition: targetCondition?(Into.columns)))
    }

    /// `ON CONFLICT DO NOTHING`, for any constraint.
    public func onConflictDoNothing() -> Self {
        adding(InsertUpsert(target: [], targetCondition: nil))
    }
}

/// Where an INSERT's rows come from.
enum InsertSource: Sendable {
    case rows([any Table])
    /// Rows and drafts of one table: a draft's key (and any column it lacks) is NULL.
    case mixed([any SQLInsertRowValues])
    /// Rows of expressions: `VALUES ("new"."title", 'x'), (…)` (a trigger body's row).
    case values([[any SQLExpression]])
    case select(any SQLStatement)
}

/// An INSERT's `ON CONFLICT` clause.
struct InsertUpsert<Into: Table>: Sendable {
    /// The conflict target's columns and expressions; empty for any constraint.
    var target: [any SQLExpression]
    var targetCondition: (any SQLExpression)?
    var updates: Updates<Into>?
    var condition: (any SQLExpression)?

    /// `DO NOTHING`.
    init(target: [any SQLExpression], targetCondition: (any SQLExpression)?) {
        self.target = target
        self.targetCondition = targetCondition
    }

    /// `DO UPDATE SET …`: `assignments` read the excluded row as their second argument.
    init(
        target: [any SQLExpression], targetCondition: (any SQLExpression)?,
        assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
        condition: ((Into.TableColumns, Into.TableColumns) -> any SQLExpression<Bool>)?
    ) {
        self.target = target
        self.targetCondition = targetCondition
        var updates = Updates<Into>(columns: Into.columns)
        let excluded = Into.TableColumns(qualifier: "excluded")
        assignments(&updates, excluded)
        self.updates = updates
        self.condition = condition?(Into.columns, excluded)
    }

    init(target: [any SQLExpression], updates: Updates<Into>?) {
        self.target = target
        self.updates = updates
    }

    func render(into builder: inout SQLBuilder) throws {
        builder.keyword("ON CONFLICT")
        if !target.isEmpty {
            // The target names the index's columns as the table's own, unqualified; an
            // expression goes in parentheses, as PostgreSQL requires (SQLite reads the same).
            let qualifies = builder.qualifiesColumnNames
            builder.qualifiesColumnNames = false
            defer { builder.qualifiesColumnNames = qualifies }
            try builder.parenthesized { builder in
                for expression in target {
                    try builder.listItem { builder in
                        if expression is any TableColumnProtocol {
                            try expression.render(into: &builder)
                        } else {
                            try builder.parenthesized { try expression.render(into: &$0) }
                        }
                    }
                }
            }
            if let targetCondition {
                builder.keyword("WHERE")
                try targetCondition.render(into: &builder)
            }
        }
        if let updates {
            builder.keyword("DO UPDATE")
            try updates.render(into: &builder)
            if let condition {
                builder.keyword("WHERE")
                try condition.render(into: &builder)
            }
        } else {
            builder.keyword("DO NOTHING")
        }
    }
}

/// What an upsert target reads from a column.
protocol TableColumnProtocol {
    var name: String { get }
}

extension TableColumn: TableColumnProtocol {}

/// `"excluded"."name"`: the value the upsert did not insert.
struct SQLExcludedColumn: SQLExpression {
    typealias QueryValue = Int?
    let name: String

    func render(into builder: inout SQLBuilder) throws {
        builder.identifier("excluded", name)
    }
}

extension Table where Writability == SQLWritable {
    /// `INSERT INTO "table" (every column) VALUES (…), …`.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ rows: [Self]) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: TableColumns.writtenColumnNames, source: .rows(rows), returning: nil)
    }

    /// Inserts the row `row` returns.
    @_disfavoredOverload
    public static func insert(or conflict: SQLConflictResolution? = nil, _ row: () -> Self) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, [row()])
    }
}

extension PrimaryKeyedTable where Writability == SQLWritable {
    /// Inserts drafts: rows without their primary key, which SQLite assigns.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ drafts: [Draft]) -> Insert<Self, SQLNoRows> {
        Insert(
            conflict: conflict, columnNames: Draft.TableColumns.writtenColumnNames, source: .rows(drafts),
            returning: nil)
    }

    /// Inserts the rows and drafts `rows` lists, in one statement:
    ///
    /// ```swift
    /// Reminder.insert {
    ///     Reminder(id: 10, title: "Passport", remindersListID: 1)
    ///     Reminder.Draft(title: "Visa", remindersListID: 1)
    /// }
    /// // INSERT INTO "reminders" ("id", "title", …) VALUES (?, ?, …), (NULL, ?, …)
    /// ```
    ///
    /// Drafts alone insert the draft's columns; with a full row among them, every column,
    /// a draft's key NULL (SQLite assigns it).
    public static func insert(
        or conflict: SQLConflictResolution? = nil, @SQLInsertRowsBuilder<Self> _ rows: () -> [SQLInsertRow<Self>]
    ) -> Insert<Self, SQLNoRows> {
        let rows = rows()
        if rows.allSatisfy(\.isDraft) {
            return insert(or: conflict, rows.compactMap(\.draft))
        }
        if !rows.contains(where: \.isDraft) {
            return insert(or: conflict, rows.compactMap(\.row))
        }
        return Insert(
            conflict: conflict, columnNames: TableColumns.writtenColumnNames, source: .mixed(rows.map { $0 }),
            returning: nil
        )
    }

    /// `INSERT … ON CONFLICT ("id") DO UPDATE SET` every other written column to the row's:
    /// inserts each row, or updates the row with its primary key.
    ///
    /// ```swift
    /// Tag.upsert([Tag(id: 1, name: "home")])
    /// // INSERT INTO "tags" ("id", "name") VALUES (?, ?)
    /// // ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    public static func upsert(_ rows: [Self]) -> Insert<Self, SQLNoRows> {
        let key = columns.primaryKey.name
        var updates = Updates<Self>(columns: columns)
        for name in TableColumns.writtenColumnNames where name != key {
            updates.assign(name, SQLExcludedColumn(name: name))
        }
        return insert(rows).adding(
            InsertUpsert(target: [columns.primaryKey], updates: updates.assignments.isEmpty ? nil : updates)
        )
    }

    /// Upserts the row `row` returns (see ``upsert(_:)-(_)``).
    public static func upsert(_ row: () -> Self) -> Insert<Self, SQLNoRows> {
        upsert([row()])
    }
}
