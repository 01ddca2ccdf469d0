import CoddCore

// Joins: `join` (inner) and `leftJoin` from one, two or three tables; `rightJoin` and
// `fullJoin` from one. The joined statement's conditions (and its table's default scope)
// join this statement's WHERE; the outer side of an outer join has optional columns.
// Joins come before `select`, so that the joined rows are what the statement decodes.

extension Select {
    /// Adds a joined statement's table as a new source. Its conditions and its table's
    /// default scope restrict the joined table: in WHERE for an inner join (the same
    /// thing), in `ON` for an outer join, where a WHERE would drop the rows that have no
    /// match and make the join an inner one.
    func joining(_ kind: StaticString, _ other: SelectCore, on condition: (any SQLExpression)?) -> SelectCore {
        var core = self.core
        var source = other.sources[0]
        source.join = kind
        source.condition = condition
        let isOuter = kind.description != "JOIN"
        if isOuter {
            source.scopes = other.scopes
            source.onTerms = Array(other.wheres)
        } else {
            core.scopes += other.scopes
            core.wheres += other.wheres
        }
        if kind.description == "RIGHT JOIN" || kind.description == "FULL JOIN" {
            // The FROM table is on the outer side now: its default scope moves to ON too.
            source.scopes += core.scopes
            core.scopes = []
        }
        core.sources.append(source)
        if !other.isPlainFilter {
            core.joinError = SQLEncodingError(
                type: "Select", valuePreview: other.sources[0].tableName,
                reason:
                    "a joined statement can carry conditions only, not a selection, grouping, DISTINCT, ORDER BY, LIMIT or compounds"
            )
        }
        return core
    }

    /// The qualifiers after joining `other`.
    func qualifiers(joining other: SelectCore) -> [String] {
        core.sources.map(\.token) + [other.sources[0].token]
    }
}

extension Select {
    static func apply<P1, P2, R>(_ f: (P1, P2) -> R, to scope: (P1, P2)) -> R { f(scope.0, scope.1) }
    static func apply<P1, P2, P3, R>(_ f: (P1, P2, P3) -> R, to scope: (P1, P2, P3)) -> R {
        f(scope.0, scope.1, scope.2)
    }
    static func apply<P1, P2, P3, P4, R>(_ f: (P1, P2, P3, P4) -> R, to scope: (P1, P2, P3, P4)) -> R {
        f(scope.0, scope.1, scope.2, scope.3)
    }
}

// MARK: One table → two

extension Select {
    /// `JOIN other ON condition`.
    public func join<A, B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (A.Columns, B.TableColumns) -> Condition
    ) -> Select<SQLRow2<A.Row, B>, SQLTables.Two<A, SQLTables.Inner<B>>>
    where Tables == SQLTables.One<A>, Columns == A.Row {
        let on = Self.apply(condition, to: SQLTables.Two<A, SQLTables.Inner<B>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow2<A.Row, B>, SQLTables.Two<A, SQLTables.Inner<B>>>(
            core: joining("JOIN", other.core, on: on))
    }

    /// `LEFT JOIN other ON condition`: `other`'s columns are optional.
    public func leftJoin<A, B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (A.Columns, NullableColumns<B.TableColumns>) -> Condition
    ) -> Select<SQLRow2<A.Row, B?>, SQLTables.Two<A, SQLTables.Outer<B>>>
    where Tables == SQLTables.One<A>, Columns == A.Row {
        let on = Self.apply(condition, to: SQLTables.Two<A, SQLTables.Outer<B>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow2<A.Row, B?>, SQLTables.Two<A, SQLTables.Outer<B>>>(
            core: joining("LEFT JOIN", other.core, on: on))
    }

    /// `RIGHT JOIN other ON condition`: this table's columns are optional.
    public func rightJoin<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (NullableColumns<Columns.TableColumns>, B.TableColumns) -> Condition
    ) -> Select<SQLRow2<Columns?, B>, SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Inner<B>>>
    where Columns: Table, Tables == SQLTables.One<SQLTables.Inner<Columns>> {
        let on = Self.apply(
            condition,
            to: SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Inner<B>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow2<Columns?, B>, SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Inner<B>>>(
            core: joining("RIGHT JOIN", other.core, on: on))
    }

    /// `FULL JOIN other ON condition`: both sides' columns are optional.
    public func fullJoin<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (NullableColumns<Columns.TableColumns>, NullableColumns<B.TableColumns>) -> Condition
    ) -> Select<SQLRow2<Columns?, B?>, SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Outer<B>>>
    where Columns: Table, Tables == SQLTables.One<SQLTables.Inner<Columns>> {
        let on = Self.apply(
            condition,
            to: SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Outer<B>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow2<Columns?, B?>, SQLTables.Two<SQLTables.Outer<Columns>, SQLTables.Outer<B>>>(
            core: joining("FULL JOIN", other.core, on: on))
    }
}

// MARK: Two tables → three

extension Select {
    /// `JOIN other ON condition`.
    public func join<A, B, C, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<C>>>,
        on condition: (A.Columns, B.Columns, C.TableColumns) -> Condition
    ) -> Select<SQLRow3<A.Row, B.Row, C>, SQLTables.Three<A, B, SQLTables.Inner<C>>>
    where Tables == SQLTables.Two<A, B>, Columns == SQLRow2<A.Row, B.Row> {
        let on = Self.apply(
            condition, to: SQLTables.Three<A, B, SQLTables.Inner<C>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow3<A.Row, B.Row, C>, SQLTables.Three<A, B, SQLTables.Inner<C>>>(
            core: joining("JOIN", other.core, on: on))
    }

    /// `LEFT JOIN other ON condition`: `other`'s columns are optional.
    public func leftJoin<A, B, C, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<C>>>,
        on condition: (A.Columns, B.Columns, NullableColumns<C.TableColumns>) -> Condition
    ) -> Select<SQLRow3<A.Row, B.Row, C?>, SQLTables.Three<A, B, SQLTables.Outer<C>>>
    where Tables == SQLTables.Two<A, B>, Columns == SQLRow2<A.Row, B.Row> {
        let on = Self.apply(
            condition, to: SQLTables.Three<A, B, SQLTables.Outer<C>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow3<A.Row, B.Row, C?>, SQLTables.Three<A, B, SQLTables.Outer<C>>>(
            core: joining("LEFT JOIN", other.core, on: on))
    }
}

// MARK: Three tables → four

extension Select {
    /// `JOIN other ON condition`.
    public func join<A, B, C, D, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<D>>>,
        on condition: (A.Columns, B.Columns, C.Columns, D.TableColumns) -> Condition
    ) -> Select<SQLRow4<A.Row, B.Row, C.Row, D>, SQLTables.Four<A, B, C, SQLTables.Inner<D>>>
    where Tables == SQLTables.Three<A, B, C>, Columns == SQLRow3<A.Row, B.Row, C.Row> {
        let on = Self.apply(
            condition, to: SQLTables.Four<A, B, C, SQLTables.Inner<D>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow4<A.Row, B.Row, C.Row, D>, SQLTables.Four<A, B, C, SQLTables.Inner<D>>>(
            core: joining("JOIN", other.core, on: on))
    }

    /// `LEFT JOIN other ON condition`: `other`'s columns are optional.
    public func leftJoin<A, B, C, D, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<D>>>,
        on condition: (A.Columns, B.Columns, C.Columns, NullableColumns<D.TableColumns>) -> Condition
    ) -> Select<SQLRow4<A.Row, B.Row, C.Row, D?>, SQLTables.Four<A, B, C, SQLTables.Outer<D>>>
    where Tables == SQLTables.Three<A, B, C>, Columns == SQLRow3<A.Row, B.Row, C.Row> {
        let on = Self.apply(
            condition, to: SQLTables.Four<A, B, C, SQLTables.Outer<D>>.scope(qualifiers(joining: other.core)))
        return Select<SQLRow4<A.Row, B.Row, C.Row, D?>, SQLTables.Four<A, B, C, SQLTables.Outer<D>>>(
            core: joining("LEFT JOIN", other.core, on: on))
    }
}

// MARK: Aliases

extension Select {
    /// The statement's table under an alias, to join a table with itself:
    /// `Employee.all.as(ManagerAlias.self)` reads `"employees" AS "managers"`.
    public func `as`<Alias: TableAlias>(_ alias: Alias.Type) -> Self
    where Tables == SQLTables.One<SQLTables.Inner<Alias.Table>> {
        var copy = self
        copy.core.sources[0].alias = Alias.aliasName
        return copy
    }
}
