import CoddCore

extension Select {
    /// `GROUP BY` a column of the FROM table: `group(by: \.id)`.
    @inlinable
    public consuming func group<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Self {
        let group = fromColumns[keyPath: column]
        var copy = consume self
        copy.core.groups.append(group)
        return copy
    }

    /// `ORDER BY` a column of the FROM table: `order(by: \.title)`.
    @inlinable
    public consuming func order<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Self {
        let term = SQLOrderingTerm(fromColumns[keyPath: column])
        var copy = consume self
        copy.core.orders.append(term)
        return copy
    }

    /// `LIMIT count OFFSET offset`, both bound.
    @inlinable
    public consuming func limit(_ count: Int, offset: Int? = nil) -> Self {
        var copy = consume self
        copy.core.limit = count
        copy.core.offset = offset
        return copy
    }

    /// `SELECT DISTINCT`.
    @inlinable
    public consuming func distinct(_ isDistinct: Bool = true) -> Self {
        var copy = consume self
        copy.core.isDistinct = isDistinct
        return copy
    }

    /// The FROM table's columns, qualified by the statement's token.
    @inlinable
    var fromColumns: Tables.From.TableColumns {
        Tables.From.TableColumns(qualifier: core.token(at: 0))
    }
}

// MARK: - Selecting

extension Select {
    /// Selects a column of the FROM table: `select(\.id)`.
    @inlinable
    public consuming func select<Value>(_ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>) -> Select<Value, Tables> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.selection = selection
        return Select<Value, Tables>(core: core)
    }

    /// `SELECT count(*)`: the number of rows the statement returns. A statement that
    /// only filters renders `SELECT count(*) FROM "t" WHERE …`; one that limits, groups,
    /// deduplicates or combines rows is counted as a subquery.
    @inlinable
    public consuming func count() -> Select<Int, Tables> {
        var core = (consume self).core
        core.countsRows = true
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
