import CoddSchema

extension StatementResolver {
    /// The table a write names, as a source, or nil (reported) when it does not exist.
    private mutating func writeTarget(_ name: Name, alias: Name?) -> ScopeSource? {
        guard let table = catalog.table(named: name.text) else {
            report(name.range.start, "no such table: \(name.text)\(suggestion(for: name.text))")
            return nil
        }
        if table.kind == .view {
            report(name.range.start, "cannot modify \(table.name): it is a view")
            return nil
        }
        var target = source(of: table)
        target.id = makeSourceID()
        target.name = alias?.text ?? table.name
        return target
    }

    /// What a parameter written into `column` takes: its type and name; NULL only where
    /// the column admits it.
    private func expectation(for column: DerivedColumn) -> Expectation {
        Expectation(type: column.type, name: column.name, allowsNil: column.isNullable)
    }

    private mutating func returning(_ columns: [ResultColumn]?, _ target: ScopeSource, cardinality: Cardinality)
        -> ResolvedSelect
    {
        guard let columns else { return ResolvedSelect(columns: [], cardinality: .none) }
        let scope = Scope(parent: nil)
        scope.sources = [target]
        var result = resolveResultColumns(columns, scope, expected: [])
        result.cardinality = cardinality
        return result
    }

    mutating func resolveInsert(_ insert: InsertStatement) -> ResolvedSelect? {
        let withScope = Scope(parent: nil)
        if let with = insert.with { resolveWith(with, withScope) }
        guard let target = writeTarget(insert.table, alias: insert.alias) else { return nil }
        var columns: [DerivedColumn] = []
        if let names = insert.columns {
            for name in names {
                guard let column = target.column(named: name.text),
                    !column.isHidden || Self.canonical(column.name) == "rowid"
                else {
                    report(
                        name.range.start,
                        "table \(target.table?.name ?? target.name) has no column named \(name.text) (it has \(Self.list(target.columns.filter { !$0.isHidden }.map(\.name))))"
                    )
                    columns.append(DerivedColumn(name: name.text, type: .any, isNullable: true))
                    continue
                }
                columns.append(column)
            }
        } else {
            columns = target.columns.filter { !$0.isHidden }
        }
        let expectations = columns.map { $0.type.storage == nil ? nil : expectation(for: $0) }
        var rowCount = 0
        switch insert.source {
        case .values(let rows):
            rowCount = rows.count
            for row in rows {
                if row.count != columns.count {
                    report(
                        row.first?.range.start ?? insert.range.start, "\(row.count) values for \(columns.count) columns"
                    )
                }
                for (index, value) in row.enumerated() {
                    _ = typeOf(value, withScope, index < expectations.count ? expectations[index] : nil)
                }
            }
        case .select(let select):
            rowCount = 2
            if let resolved = resolveSelect(select, outer: withScope, expected: expectations),
                resolved.columns.count != columns.count
            {
                report(select.range.start, "the SELECT returns \(resolved.columns.count) columns for \(columns.count)")
            }
        case .defaultValues:
            rowCount = 1
        }
        var doesNothing = insert.conflictAction == "IGNORE"
        for upsert in insert.upserts {
            // The conflict target names the table's columns; DO UPDATE reads the row as it is
            // (unqualified names) and the row refused, as `excluded.column`.
            let targetScope = Scope(parent: withScope)
            targetScope.sources = [target]
            for term in upsert.target { _ = typeOf(term, targetScope, nil) }
            if let condition = upsert.targetWhere {
                _ = typeOf(condition, targetScope, Expectation(type: .bool, name: nil))
            }
            let scope = Scope(parent: withScope)
            var excluded = target
            excluded.id = makeSourceID()
            excluded.name = "excluded"
            excluded.mergedColumns = Set(excluded.columns.map { SchemaCatalog.folded($0.name) })
            scope.sources = [target, excluded]
            guard let set = upsert.update else {
                doesNothing = true
                continue
            }
            resolveSet(set, target: target, scope)
            if let condition = upsert.updateWhere {
                _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
                doesNothing = true
            }
        }
        let cardinality: Cardinality = rowCount == 1 ? (doesNothing ? .optional : .one) : .many
        return returning(insert.returning, target, cardinality: cardinality)
    }

    private mutating func resolveSet(_ clauses: [SetClause], target: ScopeSource, _ scope: Scope) {
        for clause in clauses {
            var expectations: [Expectation?] = []
            for name in clause.columns {
                guard let column = target.column(named: name.text), !column.isHidden else {
                    report(
                        name.range.start,
                        "no such column: \(name.text) (\(target.name) has \(Self.list(target.columns.filter { !$0.isHidden }.map(\.name))))"
                    )
                    expectations.append(nil)
                    continue
                }
                expectations.append(column.type.storage == nil ? nil : expectation(for: column))
            }
            if clause.columns.count == 1 {
                _ = typeOf(clause.value, scope, expectations[0])
            } else if case .row(let values) = clause.value.kind, values.count == clause.columns.count {
                for (value, expected) in zip(values, expectations) { _ = typeOf(value, scope, expected) }
            } else if case .subquery(let select) = clause.value.kind {
                _ = resolveSelect(select, outer: scope, expected: expectations)
            } else {
                report(clause.value.range.start, "\(clause.columns.count) columns are set from one value")
            }
        }
    }

    mutating func resolveUpdate(_ update: UpdateStatement) -> ResolvedSelect? {
        let withScope = Scope(parent: nil)
        if let with = update.with { resolveWith(with, withScope) }
        guard let target = writeTarget(update.table, alias: update.alias) else { return nil }
        let scope = Scope(parent: withScope)
        scope.sources = [target]
        if let from = update.from { resolveFrom(from, scope) }
        resolveSet(update.set, target: target, scope)
        var pinsKey = false
        if let condition = update.whereClause {
            _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
            collectOptionalTerms(condition)
            pinsKey =
                update.from == nil && (target.table?.isKey(pinnedColumns(condition, sourceID: target.id)) ?? false)
        }
        return returning(update.returning, target, cardinality: pinsKey ? .optional : .many)
    }

    mutating func resolveDelete(_ delete: DeleteStatement) -> ResolvedSelect? {
        let withScope = Scope(parent: nil)
        if let with = delete.with { resolveWith(with, withScope) }
        guard let target = writeTarget(delete.table, alias: delete.alias) else { return nil }
        let scope = Scope(parent: withScope)
        scope.sources = [target]
        var pinsKey = false
        if let condition = delete.whereClause {
            _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
            collectOptionalTerms(condition)
            pinsKey = target.table?.isKey(pinnedColumns(condition, sourceID: target.id)) ?? false
        }
        return returning(delete.returning, target, cardinality: pinsKey ? .optional : .many)
    }
}
