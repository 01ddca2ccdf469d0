import CoddCore

extension Select {
    /// Adds a condition; several `where`s join with `AND`.
    ///
    /// ```swift
    /// Reminder.where { !$0.isCompleted }.where { $0.priority.eq(Priority.high) }
    /// // WHERE (NOT "isCompleted") AND ("priority" = ?)
    /// ```
    public func `where`<Condition: SQLExpression<Bool>>(_ condition: (Tables.Scope) -> Condition) -> Self {
        var copy = self
        copy.core.wheres.append(SelectCore.Term(expression: condition(scope), renaming: nil))
        return copy
    }

    /// Adds a condition on groups; several `having`s join with `AND`.
    public func having<Condition: SQLExpression<Bool>>(_ condition: (Tables.Scope) -> Condition) -> Self {
        var copy = self
        copy.core.havings.append(SelectCore.Term(expression: condition(scope), renaming: nil))
        return copy
    }

    /// `GROUP BY` an expression.
    public func group<Group: SQLExpression>(by group: (Tables.Scope) -> Group) -> Self {
        var copy = self
        copy.core.groups.append(group(scope))
        return copy
    }

    /// `GROUP BY` two expressions.
    public func group<G1: SQLExpression, G2: SQLExpression>(by groups: (Tables.Scope) -> (G1, G2)) -> Self {
        var copy = self
        let (first, second) = groups(scope)
        copy.core.groups += [first, second]
        return copy
    }

    /// `GROUP BY` a column of the FROM table: `group(by: \.id)`.
    public func group<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Self {
        var copy = self
        copy.core.groups.append(fromColumns[keyPath: column])
        return copy
    }

    /// `ORDER BY` a term (`$0.title`, `$0.dueAt.desc()`), appended to earlier orderings.
    public func order<Term: SQLOrderable>(by term: (Tables.Scope) -> Term) -> Self {
        var copy = self
        copy.core.orders += term(scope).orderingTerms
        return copy
    }

    /// `ORDER BY` two terms.
    public func order<T1: SQLOrderable, T2: SQLOrderable>(by terms: (Tables.Scope) -> (T1, T2)) -> Self {
        var copy = self
        let (first, second) = terms(scope)
        copy.core.orders += first.orderingTerms + second.orderingTerms
        return copy
    }

    /// `ORDER BY` three terms.
    public func order<T1: SQLOrderable, T2: SQLOrderable, T3: SQLOrderable>(by terms: (Tables.Scope) -> (T1, T2, T3)) -> Self {
        var copy = self
        let (first, second, third) = terms(scope)
        copy.core.orders += first.orderingTerms + second.orderingTerms + third.orderingTerms
        return copy
    }

    /// `ORDER BY` a column of the FROM table: `order(by: \.title)`.
    public func order<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Self {
        var copy = self
        copy.core.orders.append(SQLOrderingTerm(fromColumns[keyPath: column]))
        return copy
    }

    /// `LIMIT count OFFSET offset`, both bound.
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        var copy = self
        copy.core.limit = count
        copy.core.offset = offset
        return copy
    }

    /// `SELECT DISTINCT`.
    public func distinct(_ isDistinct: Bool = true) -> Self {
        var copy = self
        copy.core.isDistinct = isDistinct
        return copy
    }

    /// The FROM table's columns, under its name or alias.
    var fromColumns: Tables.From.TableColumns {
        Tables.From.TableColumns(qualifier: core.sources[0].qualifier)
    }
}

// MARK: - Selecting

extension Select {
    /// Selects one expression, a table's columns or a `@Selection`'s columns.
    ///
    /// ```swift
    /// Reminder.select { $0.title }                                   // SELECT "title" …
    /// Reminder.select { ReminderTitle.Columns(title: $0.title) }      // SELECT "title" AS "title" …
    /// ```
    public func select<S: SQLSelectable>(_ selection: (Tables.Scope) -> S) -> Select<S.QueryValue, Tables> {
        var core = self.core
        core.selection = selection(scope)
        return Select<S.QueryValue, Tables>(core: core)
    }

    /// Selects two expressions, fetched as a tuple.
    public func select<A: SQLSelectable, B: SQLSelectable>(
        _ selection: (Tables.Scope) -> (A, B)
    ) -> Select<SQLRow2<A.QueryValue, B.QueryValue>, Tables> {
        var core = self.core
        let (a, b) = selection(scope)
        core.selection = SQLSelection2(a: a, b: b)
        return Select<SQLRow2<A.QueryValue, B.QueryValue>, Tables>(core: core)
    }

    /// Selects three expressions, fetched as a tuple.
    public func select<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable>(
        _ selection: (Tables.Scope) -> (A, B, C)
    ) -> Select<SQLRow3<A.QueryValue, B.QueryValue, C.QueryValue>, Tables> {
        var core = self.core
        let (a, b, c) = selection(scope)
        core.selection = SQLSelection3(a: a, b: b, c: c)
        return Select<SQLRow3<A.QueryValue, B.QueryValue, C.QueryValue>, Tables>(core: core)
    }

    /// Selects four expressions, fetched as a tuple.
    public func select<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable, D: SQLSelectable>(
        _ selection: (Tables.Scope) -> (A, B, C, D)
    ) -> Select<SQLRow4<A.QueryValue, B.QueryValue, C.QueryValue, D.QueryValue>, Tables> {
        var core = self.core
        let (a, b, c, d) = selection(scope)
        core.selection = SQLSelection4(a: a, b: b, c: c, d: d)
        return Select<SQLRow4<A.QueryValue, B.QueryValue, C.QueryValue, D.QueryValue>, Tables>(core: core)
    }

    /// Selects a column of the FROM table: `select(\.id)`.
    public func select<Value>(_ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Select<Value, Tables> {
        var core = self.core
        core.selection = fromColumns[keyPath: column]
        return Select<Value, Tables>(core: core)
    }

    /// `SELECT count(*)` with this statement's conditions.
    public func count() -> Select<Int, Tables> {
        var core = self.core
        core.selection = SQLCountAll()
        core.orders = []
        return Select<Int, Tables>(core: core)
    }

    /// `EXISTS (SELECT …)`: whether the statement returns a row.
    public func exists() -> SQLExists {
        SQLExists(query: self)
    }
}

/// `EXISTS (SELECT …)`.
public struct SQLExists: SQLQueryExpression {
    public typealias QueryValue = Bool
    let query: any SQLStatement

    public func render(into builder: inout SQLBuilder) throws {
        builder.keyword("EXISTS")
        try builder.parenthesized { try query.renderStatement(into: &$0) }
    }
}

// MARK: - Compound selects

extension Select {
    /// `… UNION …`: the rows of both, without duplicates.
    public func union<T: TableList>(_ other: Select<Columns, T>) -> Self { compound("UNION", other.core) }
    /// `… UNION ALL …`: the rows of both.
    public func unionAll<T: TableList>(_ other: Select<Columns, T>) -> Self { compound("UNION ALL", other.core) }
    /// `… INTERSECT …`: the rows in both.
    public func intersect<T: TableList>(_ other: Select<Columns, T>) -> Self { compound("INTERSECT", other.core) }
    /// `… EXCEPT …`: the rows of this one not in the other.
    public func except<T: TableList>(_ other: Select<Columns, T>) -> Self { compound("EXCEPT", other.core) }

    private func compound(_ op: StaticString, _ other: SelectCore) -> Self {
        var copy = self
        copy.core.compounds.append((op, other))
        return copy
    }
}
