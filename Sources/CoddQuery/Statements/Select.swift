import CoddCore

/// A SELECT statement over `Tables`, decoding rows as `Columns`.
///
/// Start from a table (`Reminder.where { … }`, `Reminder.all`, `Reminder.select { … }`)
/// and chain clauses in any order; joins come before `select`:
///
/// ```swift
/// RemindersList
///     .group(by: \.id)
///     .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
///     .select { ($0.title, $1.count()) }
/// // SELECT "remindersLists"."title", count("reminders"."id")
/// // FROM "remindersLists"
/// // LEFT JOIN "reminders" ON "remindersLists"."id" = "reminders"."remindersListID"
/// // GROUP BY "remindersLists"."id"
/// ```
///
/// Static scopes of the FROM table chain anywhere: `RemindersList.group(by: \.id).notDeleted`.
@dynamicMemberLookup
public struct Select<Columns: SQLRowDecodable, Tables: TableList>: SQLSelectStatement {
    public typealias Row = Columns

    /// The clauses, untyped.
    @usableFromInline
    package internal(set) var core: SelectCore

    @usableFromInline
    package init(core: SelectCore) {
        self.core = core
    }

    /// What closures receive: the tables' columns, qualified by the statement's tokens
    /// (rendered as each table's name or alias).
    @inlinable
    var scope: Tables.Scope {
        Tables.scope { core.token(at: $0) }
    }

    public func renderStatement(into builder: inout SQLBuilder) throws {
        try core.render(into: &builder)
    }

    public var rendersUnqualifiedColumns: Bool { core.readsOneTable }

    /// Whether the statement has a `LIMIT`.
    @inlinable
    package var hasLimit: Bool { core.limitsItself }
    /// Whether the statement is a `count()`: it returns exactly one row, and a `LIMIT` added
    /// to it would limit the rows it counts.
    @inlinable
    package var isCount: Bool { core.countsRows }

    /// The clauses of a static scope of the FROM table (`Reminder.notDeleted`), chained
    /// here: its conditions join this statement's.
    public subscript(dynamicMember keyPath: KeyPath<Tables.From.Type, SelectOf<Tables.From>>) -> Self {
        let scope = Tables.From.self[keyPath: keyPath].core
        var copy = self
        let remap = SelectCore.Remap(from: scope.sources[0].token, to: core.sources[0].token)
        copy.core.wheres += scope.wheres.map { SelectCore.Term(expression: $0.expression, remaps: $0.remaps + [remap]) }
        copy.core.scopes += scope.scopes.map { pending in
            var pending = pending
            pending.target = core.sources[0].token
            return pending
        }
        copy.core.orders += scope.orders.map { $0.remapped(remap) }
        return copy
    }
}

extension Select: SelectCoreProviding {
    var selectCore: SelectCore { core }
}

/// A SELECT of one table's rows: what `Reminder.all` and `Reminder.where { … }` are.
public typealias SelectOf<T: Table> = Select<T, SQLTables.One<SQLTables.Inner<T>>>

extension Select where Tables == SQLTables.One<SQLTables.Inner<Columns>>, Columns: Table {
    /// All the table's rows, with no default scope.
    @inlinable
    init(table: Columns.Type) {
        self.init(core: SelectCore(tableName: Columns.tableName, columns: Columns.TableColumns.self))
    }
}

/// A SELECT of one column is an expression too: a scalar subquery, `(SELECT …)`.
///
/// ```swift
/// $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
/// // "position" = (SELECT coalesce(max("position"), ?) + ? FROM "remindersLists")
/// ```
extension Select: SQLQueryExpression, SQLExpression, SQLSelectable where Columns: SQLCustomType {
    public typealias QueryValue = Columns

    public func render(into builder: inout SQLBuilder) throws {
        try builder.parenthesized { try core.render(into: &$0) }
    }
}
