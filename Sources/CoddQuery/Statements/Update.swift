import CoddCore

/// An UPDATE of the rows a SELECT's conditions match.
///
/// ```swift
/// Reminder.where { $0.priority.eq(Priority.high) }.update { $0.title += " (Urgent!)" }
/// // UPDATE "reminders" SET "title" = "title" || ? WHERE ("priority" = ?)
/// ```
public struct Update<T: Table, Returning: SQLRowDecodable>: SQLSelectStatement {
    public typealias Row = Returning

    var conflict: SQLConflictResolution?
    var updates: Updates<T>
    var filter: SelectCore
    var returning: (any SQLSelectable)?

    public var rendersUnqualifiedColumns: Bool { filter.readsOneTable }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        if let error = updates.error { throw error }
        guard !updates.assignments.isEmpty else {
            throw SQLEncodingError(
                type: "Update<\(SQLTypeName.of(T.self))>", valuePreview: "",
                reason: "an UPDATE needs at least one assignment")
        }
        builder.keyword("UPDATE")
        if let conflict {
            try builder.require(.conflictClauses, "UPDATE \(conflict.keyword)")
            builder.keyword(conflict.keyword)
        }
        builder.identifier(T.tableName)
        try updates.render(into: &builder)
        try renderFilter(filter, of: T.self, into: &builder)
        try renderReturning(returning, into: &builder)
    }
}

/// A DELETE of the rows a SELECT's conditions match.
public struct Delete<T: Table, Returning: SQLRowDecodable>: SQLSelectStatement {
    public typealias Row = Returning

    var filter: SelectCore
    var returning: (any SQLSelectable)?

    public var rendersUnqualifiedColumns: Bool { filter.readsOneTable }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        builder.keyword("DELETE FROM")
        builder.identifier(T.tableName)
        try renderFilter(filter, of: T.self, into: &builder)
        try renderReturning(returning, into: &builder)
    }
}

/// The WHERE of an UPDATE or DELETE: the statement's conditions, or, when it also orders,
/// limits, joins or groups, `WHERE "rowid" IN (SELECT … )` so that exactly the rows the
/// SELECT would return are written.
func renderFilter<T: Table>(_ filter: SelectCore, of table: T.Type, into builder: inout SQLBuilder) throws {
    filter.mapTokens(in: &builder)
    if let joinError = filter.joinError { throw joinError }
    if filter.isPlainFilter && filter.sources[0].alias == nil {
        try SelectCore.render(terms: filter.resolvedWheres(), keyword: "WHERE", into: &builder)
        return
    }
    var rows = filter
    rows.selection = SQLRowID(qualifier: filter.sources[0].token)
    builder.keyword("WHERE")
    builder.identifier("rowid")
    builder.keyword("IN")
    try builder.parenthesized { try rows.render(into: &$0) }
}

/// A table's `rowid`.
struct SQLRowID: SQLQueryExpression {
    typealias QueryValue = Int
    let qualifier: String

    func render(into builder: inout SQLBuilder) throws {
        builder.column(qualifier, "rowid")
    }
}

func renderReturning(_ returning: (any SQLSelectable)?, into builder: inout SQLBuilder) throws {
    guard let returning else { return }
    builder.keyword("RETURNING")
    try builder.list { try returning.renderSelection(into: &$0, alias: nil) }
}

extension Select
where Tables == SQLTables.One<SQLTables.Inner<Columns>>, Columns: Table, Columns.Writability == SQLWritable {
    /// Updates the rows this statement's conditions match.
    public func update(or conflict: SQLConflictResolution? = nil, set assignments: (inout Updates<Columns>) -> Void)
        -> Update<Columns, SQLNoRows>
    {
        var updates = Updates<Columns>(columns: Columns.columns)
        assignments(&updates)
        return Update(conflict: conflict, updates: updates, filter: core, returning: nil)
    }

    /// Deletes the rows this statement's conditions match.
    public func delete() -> Delete<Columns, SQLNoRows> {
        Delete(filter: core, returning: nil)
    }
}

extension Table where Writability == SQLWritable {
    /// Updates every row of the default scope.
    public static func update(or conflict: SQLConflictResolution? = nil, set assignments: (inout Updates<Self>) -> Void)
        -> Update<Self, SQLNoRows>
    {
        scoped.update(or: conflict, set: assignments)
    }

    /// Deletes every row of the default scope.
    public static func delete() -> Delete<Self, SQLNoRows> {
        scoped.delete()
    }
}
