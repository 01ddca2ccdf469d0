import CoddCore

/// A statement that first defines common table expressions (CTEs), tables computed for the
/// statement alone, which it then reads like any table:
///
/// ```swift
/// With {
///     RemindersList
///         .group(by: \.id)
///         .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
///         .select { list, _ in HighPriorityRemindersList.Columns(id: list.id) }
///         .having { $1.priority.avg() > 1.5 }
/// } query: {
///     RemindersList.where { $0.id.in(HighPriorityRemindersList.select(\.id)) }
/// }
/// // WITH "highPriorityRemindersLists" AS (SELECT "remindersLists"."id" AS "id" FROM …)
/// // SELECT … FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT …))
/// ```
///
/// A CTE's rows are a table type's (`@Table @Selection struct HighPriorityRemindersList`);
/// its name is that type's table name. A CTE that reads itself is recursive (SQLite needs no
/// `RECURSIVE` keyword; PostgreSQL's form always says `WITH RECURSIVE`): a seed row, `union(all:_:)`, and the step.
/// The statement can be a
/// SELECT, an UPDATE, a DELETE or an INSERT. Columns render qualified (`"counts"."value"`).
public struct With<Base: SQLStatement>: SQLStatement {
    let clauses: [CommonTableExpressionClause]
    let base: Base

    /// The CTEs `clauses` builds, then the statement `query` returns.
    public init(
        @CommonTableExpressionBuilder _ clauses: () -> [CommonTableExpressionClause],
        query: () -> Base
    ) {
        self.clauses = clauses()
        self.base = query()
    }

    /// Columns render qualified, as a statement over several tables does; without a CTE,
    /// as the statement alone would.
    public var rendersUnqualifiedColumns: Bool { clauses.isEmpty && base.rendersUnqualifiedColumns }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        // No CTE: the statement alone (`WITH` with nothing after it is not SQL).
        if !clauses.isEmpty {
            var names = Set<String>()
            for clause in clauses where !names.insert(clause.tableName).inserted {
                throw SQLEncodingError(
                    type: "With", valuePreview: SQLBuilder.quoted(clause.tableName),
                    reason: "two of its common table expressions have this name"
                )
            }
            builder.keyword("WITH")
            // An engine without implicit recursion (PostgreSQL) needs RECURSIVE for a CTE that
            // reads itself, and allows it for any; SQLite needs none.
            if !builder.dialect.supports(.implicitRecursion) { builder.keyword("RECURSIVE") }
            try builder.list { builder in
                for clause in clauses {
                    try builder.listItem { try clause.render(into: &$0) }
                }
            }
        }
        try base.renderStatement(into: &builder)
    }
}

extension With: SQLSelectStatement where Base: SQLSelectStatement {
    public typealias Row = Base.Row
}
