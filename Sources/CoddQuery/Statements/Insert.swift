import CoddCore

/// An INSERT: rows or drafts, or the rows of a SELECT; with conflict resolution, an
/// upsert clause and `RETURNING`.
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
    var upsert: InsertUpsert<Into>?
    var returning: (any SQLSelectable)?

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
        switch source {
        case .rows(let rows):
            guard !rows.isEmpty else {
                throw SQLEncodingError(type: "Insert<\(SQLTypeName.of(Into.self))>", valuePreview: "[]", reason: "an INSERT needs at least one row")
            }
            builder.keyword("VALUES")
            try builder.list { builder in
                for row in rows {
                    try builder.listItem { try $0.parenthesized { try row.renderColumnValues(into: &$0) } }
                }
            }
        case .values(let values):
            guard !values.isEmpty else {
                throw SQLEncodingError(type: "Insert<\(SQLTypeName.of(Into.self))>", valuePreview: "()", reason: "an INSERT needs at least one value")
            }
            builder.keyword("VALUES")
            try builder.parenthesized { builder in
                for value in values { try builder.listItem { try value.render(into: &$0) } }
            }
        case .select(let query):
            if upsert != nil {
                // SQLite cannot tell ON CONFLICT from a join's ON after a SELECT: the
                // documented way out is a subquery with a WHERE of its own.
                builder.keyword("SELECT * FROM")
                try builder.parenthesized { try query.renderStatement(into: &$0) }
                builder.keyword("WHERE true")
            } else {
                try query.renderStatement(into: &builder)
            }
        }
        if let upsert {
            builder.keyword("ON CONFLICT")
            if !upsert.target.isEmpty {
                builder.parenthesized { builder in
                    for name in upsert.target { builder.listItem { $0.identifier(name) } }
                }
            }
            if let updates = upsert.updates {
                builder.keyword("DO UPDATE")
                try updates.render(into: &builder)
                if let condition = upsert.condition {
                    builder.keyword("WHERE")
                    try condition.render(into: &builder)
                }
            } else {
                builder.keyword("DO NOTHING")
            }
        }
        try renderReturning(returning, into: &builder)
    }

    /// `ON CONFLICT (target) DO UPDATE SET …`: `$1` is the row that was not inserted
    /// (`"excluded"`); `where` limits which conflicting rows are updated.
    public func onConflict<Target: SQLExpression>(
        _ target: (Into.TableColumns) -> Target,
        doUpdate assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
        where condition: ((Into.TableColumns, Into.TableColumns) -> any SQLExpression<Bool>)? = nil
    ) -> Self {
        var copy = self
        var updates = Updates<Into>(columns: Into.columns)
        let excluded = Into.TableColumns(qualifier: "excluded")
        assignments(&updates, excluded)
        copy.upsert = InsertUpsert(
            target: Self.columnNames(of: target(Into.columns)),
            updates: updates,
            condition: condition?(Into.columns, excluded)
        )
        return copy
    }

    /// `ON CONFLICT [(target)] DO NOTHING`.
    public func onConflictDoNothing<Target: SQLExpression>(_ target: ((Into.TableColumns) -> Target)? = nil) -> Self {
        var copy = self
        copy.upsert = InsertUpsert(target: target.map { Self.columnNames(of: $0(Into.columns)) } ?? [], updates: nil, condition: nil)
        return copy
    }

    /// `ON CONFLICT DO NOTHING`, for any constraint.
    public func onConflictDoNothing() -> Self {
        var copy = self
        copy.upsert = InsertUpsert(target: [], updates: nil, condition: nil)
        return copy
    }

    /// `RETURNING` the given expressions of the inserted rows.
    public func returning<S: SQLSelectable>(_ selection: (Into.TableColumns) -> S) -> Insert<Into, S.QueryValue> {
        Insert<Into, S.QueryValue>(
            conflict: conflict, columnNames: columnNames, source: source, upsert: upsert,
            returning: selection(Into.columns)
        )
    }

    /// `RETURNING` two expressions of the inserted rows, fetched as tuples.
    public func returning<S1: SQLSelectable, S2: SQLSelectable>(
        _ selection: (Into.TableColumns) -> (S1, S2)
    ) -> Insert<Into, SQLRow2<S1.QueryValue, S2.QueryValue>> {
        let (first, second) = selection(Into.columns)
        return Insert<Into, SQLRow2<S1.QueryValue, S2.QueryValue>>(
            conflict: conflict, columnNames: columnNames, source: source, upsert: upsert,
            returning: SQLSelection2(a: first, b: second)
        )
    }

    static func columnNames(of target: some SQLExpression) -> [String] {
        if let column = target as? any TableColumnProtocol { return [column.name] }
        return []
    }
}

/// Where an INSERT's rows come from.
enum InsertSource: Sendable {
    case rows([any Table])
    /// One row of expressions: `VALUES ("new"."title", 'x')` (a trigger body's row).
    case values([any SQLExpression])
    case select(any SQLStatement)
}

/// An INSERT's `ON CONFLICT` clause.
struct InsertUpsert<Into: Table>: Sendable {
    var target: [String]
    var updates: Updates<Into>?
    var condition: (any SQLExpression)?
}

/// What an upsert target reads from a column.
protocol TableColumnProtocol {
    var name: String { get }
}

extension TableColumn: TableColumnProtocol {}

extension Table where Writability == SQLWritable {
    /// `INSERT INTO "table" (every column) VALUES (…), …`.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ rows: [Self]) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: TableColumns.columnNames, source: .rows(rows), upsert: nil, returning: nil)
    }

    /// Inserts the row `row` returns.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ row: () -> Self) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, [row()])
    }

    /// `INSERT INTO "table" (column) SELECT …`.
    public static func insert<V1, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> TableColumn<Self, V1>,
        select: Select<V1, Other>
    ) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: [columns(Self.columns).name], source: .select(select), upsert: nil, returning: nil)
    }

    /// `INSERT INTO "table" (column1, column2) SELECT …`.
    public static func insert<V1, V2, Other: TableList>(
        or conflict: SQLConflictResolution? = nil,
        _ columns: (TableColumns) -> (TableColumn<Self, V1>, TableColumn<Self, V2>),
        select: Select<SQLRow2<V1, V2>, Other>
    ) -> Insert<Self, SQLNoRows> {
        let (first, second) = columns(Self.columns)
        return Insert(conflict: conflict, columnNames: [first.name, second.name], source: .select(select), upsert: nil, returning: nil)
    }
}

extension PrimaryKeyedTable where Writability == SQLWritable {
    /// Inserts drafts: rows without their primary key, which SQLite assigns.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ drafts: [Draft]) -> Insert<Self, SQLNoRows> {
        Insert(conflict: conflict, columnNames: Draft.TableColumns.columnNames, source: .rows(drafts), upsert: nil, returning: nil)
    }

    /// Inserts the draft `draft` returns.
    public static func insert(or conflict: SQLConflictResolution? = nil, _ draft: () -> Draft) -> Insert<Self, SQLNoRows> {
        insert(or: conflict, [draft()])
    }
}
