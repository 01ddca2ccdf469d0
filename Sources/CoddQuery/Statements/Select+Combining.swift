import CoddCore

extension Select {
    /// The rows this statement's conditions match or `other`'s do: `WHERE (a) OR (b)`, each
    /// side with its own default scope. `other` is a statement of the FROM table that only
    /// filters (a scope, `Reminder.where { … }`); conditions added later join with `AND`.
    ///
    /// ```swift
    /// Reminder.overdue.or(Reminder.flagged)
    /// // WHERE ((date("dueAt") < date())) OR ("isFlagged")
    /// ```
    ///
    /// A statement that also orders, limits, groups or joins cannot be a condition: the
    /// statement renders an `SQLEncodingError` rather than drop those clauses.
    public consuming func or<Other>(_ other: Select<Other, SQLTables.One<SQLTables.Inner<Tables.From>>>) -> Self {
        combined("OR", other.core)
    }

    /// The rows both statements' conditions match: what chaining a scope gives
    /// (`Reminder.overdue.flagged`), for a statement held in a variable.
    public consuming func and<Other>(_ other: Select<Other, SQLTables.One<SQLTables.Inner<Tables.From>>>) -> Self {
        combined("AND", other.core)
    }

    private consuming func combined(_ op: StaticString, _ other: SelectCore) -> Self {
        var copy = consume self
        let target = copy.core.sources[0].token
        if let error = SelectCore.conditionsOnlyError(other) {
            copy.core.joinError = copy.core.joinError ?? error
            return copy
        }
        // This statement's conditions (its default scope's too, which would otherwise apply
        // to both sides) become the left side; the other's, read with this statement's
        // table token, the right.
        let left = SQLConditionGroup(
            scopes: copy.core.scopes.filter { $0.target == target }, terms: Array(copy.core.wheres), remap: nil)
        let right = SQLConditionGroup(
            scopes: other.scopes, terms: Array(other.wheres),
            remap: SelectCore.Remap(from: other.sources[0].token, to: target)
        )
        copy.core.scopes.removeAll { $0.target == target }
        copy.core.wheres = InlineFirstArray(
            first: SelectCore.Term(expression: SQLCombinedConditions(op: op, left: left, right: right)))
        return copy
    }
}

extension SelectCore {
    /// Why `core` cannot stand as a condition of another statement of its table, or `nil`.
    static func conditionsOnlyError(_ core: SelectCore) -> SQLEncodingError? {
        guard core.isPlainFilter, core.sources[0].alias == nil, !core.countsRows, core.joinError == nil else {
            return SQLEncodingError(
                type: "Select", valuePreview: core.sources[0].tableName,
                reason:
                    "or(_:) and and(_:) take a statement that only filters (no join, order, limit, group or selection)"
            )
        }
        return nil
    }
}

/// The conditions of one side of `or`/`and`: a statement's default scopes and `WHERE`s.
struct SQLConditionGroup: Sendable {
    var scopes: [SelectCore.PendingScope]
    var terms: [SelectCore.Term]
    /// Reads the side's table token as the combined statement's.
    var remap: SelectCore.Remap?

    /// The side's conditions, its default scopes resolved when the statement renders.
    func resolved() -> [SelectCore.Term] {
        let all = SelectCore.resolve(scopes) + terms
        guard let remap else { return all }
        return all.map { SelectCore.Term(expression: $0.expression, remaps: $0.remaps + [remap]) }
    }
}

/// `(a AND b) OR (c)`: two groups of conditions, each ANDed, combined by `op`.
struct SQLCombinedConditions: SQLQueryExpression {
    typealias QueryValue = Bool
    let op: StaticString
    let left: SQLConditionGroup
    let right: SQLConditionGroup

    var isCompound: Bool { true }

    func render(into builder: inout SQLBuilder) throws {
        try renderSide(left.resolved(), into: &builder)
        builder.keyword(op)
        try renderSide(right.resolved(), into: &builder)
    }

    /// One side: its condition as a `WHERE` renders it (parenthesized unless a plain
    /// column), or several joined by AND in parentheses; a side with none is true.
    private func renderSide(_ terms: [SelectCore.Term], into builder: inout SQLBuilder) throws {
        if terms.count == 1 { return try SelectCore.render(terms[0], into: &builder) }
        try builder.parenthesized { builder in
            guard !terms.isEmpty else { return try SQLBoolLiteral(true).render(into: &builder) }
            for (index, term) in terms.enumerated() {
                if index > 0 { builder.keyword("AND") }
                try SelectCore.render(term, into: &builder)
            }
        }
    }
}
