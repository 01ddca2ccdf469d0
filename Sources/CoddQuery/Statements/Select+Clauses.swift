import CoddCore

extension Select {
    /// `GROUP BY` a column of the FROM table: `group(by: \.id)`.
    @inlinable
    public consuming func group<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>)
        -> Self
    {
        let group = fromColumns[keyPath: column]
        var copy = consume self
        copy.core.groups.append(group)
        return copy
    }

    /// `ORDER BY` a column of the FROM table: `order(by: \.title)`.
    @inlinable
    public consuming func order<Value>(by column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>)
        -> Self
    {
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
        // An offset set before stays unless another is given.
        if let offset { copy.core.offset = offset }
        return copy
    }

    /// `OFFSET count`: skips the first `count` rows, keeping a limit set before or after. With
    /// no limit, SQLite's grammar needs one: `LIMIT -1 OFFSET ?` (PostgreSQL: `OFFSET $1`).
    @inlinable
    public consuming func offset(_ count: Int) -> Self {
        var copy = consume self
        copy.core.offset = count
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
    public consuming func select<Value>(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<Value, Tables> where Columns == Tables.AllColumns {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.noteReselection()
        core.select(selection)
        return Select<Value, Tables>(core: core)
    }

    /// Appends a column of the FROM table to what the statement selects already:
    /// `Tag.select(\.id).select(\.name)` fetches `(Int, String)`.
    @_disfavoredOverload
    @inlinable
    public consuming func select<Value>(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<SQLRow2<Columns, Value>, Tables> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.appendSelection(selection)
        return Select<SQLRow2<Columns, Value>, Tables>(core: core)
    }

    /// Appends a column to a selection of two.
    @_disfavoredOverload
    @inlinable
    public consuming func select<C1: SQLRowDecodable, C2: SQLRowDecodable, Value>(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<SQLRow3<C1, C2, Value>, Tables> where Columns == SQLRow2<C1, C2> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.appendSelection(selection)
        return Select<SQLRow3<C1, C2, Value>, Tables>(core: core)
    }

    /// Appends a column to a selection of three.
    @_disfavoredOverload
    @inlinable
    public consuming func select<C1: SQLRowDecodable, C2: SQLRowDecodable, C3: SQLRowDecodable, Value>(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<SQLRow4<C1, C2, C3, Value>, Tables> where Columns == SQLRow3<C1, C2, C3> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.appendSelection(selection)
        return Select<SQLRow4<C1, C2, C3, Value>, Tables>(core: core)
    }

    /// Appends a column to a selection of four.
    @_disfavoredOverload
    @inlinable
    public consuming func select<
        C1: SQLRowDecodable, C2: SQLRowDecodable, C3: SQLRowDecodable, C4: SQLRowDecodable, Value
    >(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<SQLRowPack<C1, C2, C3, C4, Value>, Tables> where Columns == SQLRow4<C1, C2, C3, C4> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.appendSelection(selection)
        return Select<SQLRowPack<C1, C2, C3, C4, Value>, Tables>(core: core)
    }

    /// Appends a column to a selection of five or more.
    @_disfavoredOverload
    @inlinable
    public consuming func select<each C: SQLRowDecodable, Value>(
        _ column: KeyPath<Tables.From.TableColumns, TableColumn<Tables.From, Value>>
    ) -> Select<SQLRowPack<repeat each C, Value>, Tables> where Columns == SQLRowPack<repeat each C> {
        let selection = fromColumns[keyPath: column]
        var core = (consume self).core
        core.appendSelection(selection)
        return Select<SQLRowPack<repeat each C, Value>, Tables>(core: core)
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
