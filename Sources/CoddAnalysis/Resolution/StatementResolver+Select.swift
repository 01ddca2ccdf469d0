import CoddSchema

extension StatementResolver {
    /// Resolves a SELECT in `outer` (the enclosing query, for a correlated subquery):
    /// CTEs, each compound part, ORDER BY, LIMIT and OFFSET. `expected` types parameters
    /// standing as result columns (`INSERT INTO t (a) SELECT ?`).
    mutating func resolveSelect(_ select: SelectStatement, outer: Scope?, expected: [Expectation?] = [])
        -> ResolvedSelect?
    {
        let withScope = Scope(parent: outer)
        if let with = select.with {
            resolveWith(with, withScope)
        }
        var parts: [(ResolvedSelect, Scope)] = []
        for core in select.cores {
            let scope = Scope(parent: withScope)
            let resolved = resolveCore(core, scope, expected: expected)
            parts.append((resolved, scope))
        }
        guard var result = parts.first?.0 else { return nil }
        for (part, _) in parts.dropFirst() {
            if part.columns.count != result.columns.count {
                report(
                    select.range.start,
                    "the SELECTs of a compound select must return as many columns each: \(result.columns.count) and \(part.columns.count)"
                )
                continue
            }
            for index in result.columns.indices {
                let a = result.columns[index].type
                let b = part.columns[index].type
                var merged = ExprType(
                    Self.commonType([a.value, b.value].compactMap { $0 }), nullable: a.isNullable || b.isNullable)
                merged.column = a.column
                // A compound's ORDER BY compares in the leftmost part's collation, else a later one's.
                merged.collating = a.collating?.name != nil ? a.collating : b.collating ?? a.collating
                result.columns[index].type = merged
                result.columns[index].star = nil
            }
        }
        if parts.count > 1 {
            result.cardinality = .many
            result.starSources = [:]
        }
        // ORDER BY sees the result columns' aliases, then the first part's sources.
        let orderScope = parts.count == 1 ? parts[0].1 : Scope(parent: withScope)
        for column in result.columns {
            orderScope.aliases[SchemaCatalog.folded(column.name)] = column.type
        }
        for term in select.orderBy {
            var type = typeOf(term.expr, orderScope, nil)
            // ORDER BY reads a bare name as a result column's alias first, as SQLite does.
            if case .column(_, nil, let name) = term.expr.kind,
                let alias = orderScope.aliases[SchemaCatalog.folded(name.text)]
            {
                type = alias
            }
            // ORDER BY 2 orders by the second result column, in its collation (COLLATE
            // written on the number is kept, as SQLite keeps it).
            if let position = Self.resultPosition(term.expr), result.columns.indices.contains(position - 1) {
                let written = type.collating
                type = result.columns[position - 1].type
                if written?.isWritten == true { type.collating = written }
            }
            checkOrdering(term.expr, type)
        }
        if let limit = select.limit {
            _ = typeOf(limit, withScope, Expectation(type: .int, name: "limit"))
            if case .literal(.integer(let text)) = limit.kind, let value = Int(text), value <= 1 {
                if result.cardinality == .many || result.cardinality == .one { result.cardinality = .optional }
            } else if result.cardinality == .one {
                result.cardinality = .optional
            }
        }
        if let offset = select.offset {
            _ = typeOf(offset, withScope, Expectation(type: .int, name: "offset"))
            if result.cardinality == .one { result.cardinality = .optional }
        }
        return result
    }

    /// The result column an ORDER BY term names by its position (`ORDER BY 2`, `2 COLLATE
    /// "x"`), as SQLite reads a positive integer there.
    static func resultPosition(_ expr: Expr) -> Int? {
        switch expr.kind {
        case .literal(.integer(let digits)): Int(digits).flatMap { $0 >= 1 ? $0 : nil }
        case .collate(let inner, _): resultPosition(inner)
        default: nil
        }
    }

    /// Registers each CTE in `scope`, in order, typed by its SELECT. A recursive one is
    /// typed by its first part, then by the whole (a column NULL in any part is optional).
    mutating func resolveWith(_ with: WithClause, _ scope: Scope) {
        for table in with.tables {
            let key = SchemaCatalog.folded(table.name.text)
            if table.select.cores.count > 1 {
                var anchor = table.select
                anchor.cores = [table.select.cores[0]]
                anchor.operators = []
                anchor.orderBy = []
                anchor.limit = nil
                anchor.offset = nil
                let before = problems.count
                if let first = resolveSelect(anchor, outer: scope) {
                    scope.commonTables[key] = commonTableSource(table, first)
                }
                // The whole select reports the anchor's problems again: keep one copy.
                problems.removeSubrange(before...)
            }
            if let resolved = resolveSelect(table.select, outer: scope) {
                scope.commonTables[key] = commonTableSource(table, resolved)
            }
        }
    }

    private mutating func commonTableSource(_ table: CommonTableExpression, _ resolved: ResolvedSelect) -> ScopeSource {
        var columns = resolved.columns.map {
            DerivedColumn(
                name: $0.name, type: $0.type.value ?? .any, isNullable: $0.type.isNullable,
                collation: $0.type.collating?.name)
        }
        if let names = table.columns {
            if names.count != columns.count {
                report(
                    table.name.range.start,
                    "\(table.name.text) names \(names.count) columns but its SELECT returns \(columns.count)")
            }
            for (index, name) in names.enumerated() where index < columns.count {
                columns[index].name = name.text
            }
        }
        return ScopeSource(id: 0, name: table.name.text, columns: columns, isNullable: false, table: nil)
    }

    /// One SELECT (or VALUES) of a compound select.
    mutating func resolveCore(_ core: SelectCore, _ scope: Scope, expected: [Expectation?]) -> ResolvedSelect {
        if let rows = core.values {
            var columns: [ResolvedColumn] = []
            for (rowIndex, row) in rows.enumerated() {
                if rowIndex > 0, row.count != rows[0].count {
                    report(
                        row.first?.range.start ?? core.range.start,
                        "every VALUES row must have \(rows[0].count) values; this one has \(row.count)")
                    continue
                }
                for (index, value) in row.enumerated() {
                    let type = typeOf(value, scope, index < expected.count ? expected[index] : nil)
                    if rowIndex == 0 {
                        columns.append(ResolvedColumn(name: "column\(index + 1)", type: type, range: value.range))
                    } else if index < columns.count {
                        columns[index].type.isNullable = columns[index].type.isNullable || type.isNullable
                        columns[index].type.value = Self.commonType(
                            [columns[index].type.value, type.value].compactMap { $0 })
                    }
                }
            }
            return ResolvedSelect(columns: columns, cardinality: rows.count == 1 ? .one : .many)
        }
        scope.isGrouped = !core.groupBy.isEmpty
        for (name, _) in core.windows { scope.windows.insert(SchemaCatalog.folded(name.text)) }
        if let from = core.from {
            resolveFrom(from, scope)
        }
        var result = resolveResultColumns(core.columns, scope, expected: expected)
        for column in result.columns where !column.name.isEmpty {
            scope.aliases[SchemaCatalog.folded(column.name)] = column.type
        }
        if let condition = core.whereClause {
            _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
            collectOptionalTerms(condition)
        }
        for term in core.groupBy { _ = typeOf(term, scope, nil) }
        if let having = core.having {
            _ = typeOf(having, scope, Expectation(type: .bool, name: nil))
            collectOptionalTerms(having)
        }
        for (_, window) in core.windows {
            for term in window.partitionBy { _ = typeOf(term, scope, nil) }
            for term in window.orderBy { checkOrdering(term.expr, typeOf(term.expr, scope, nil)) }
            for term in window.frameExpressions { _ = typeOf(term, scope, Expectation(type: .int, name: "offset")) }
        }
        // How many rows.
        if core.groupBy.isEmpty, scope.aggregateCount > 0 {
            result.cardinality = core.having == nil ? .one : .optional
        } else if core.from == nil {
            result.cardinality = core.whereClause == nil && core.having == nil ? .one : .optional
        } else if core.groupBy.isEmpty, let from = core.from, from.sources.count == 1, let source = scope.sources.first,
            let table = source.table, let condition = core.whereClause,
            table.isKey(pinnedColumns(condition, sourceID: source.id))
        {
            result.cardinality = .optional
        } else {
            result.cardinality = .many
        }
        return result
    }

    /// The columns of `sourceID` the top-level AND terms of `condition` pin to one value
    /// (`id = ?`, `5 = id`, `id IS :id`).
    mutating func pinnedColumns(_ condition: Expr, sourceID: Int) -> Set<String> {
        var pinned: Set<String> = []
        for term in Self.andTerms(condition) {
            guard case .binary(let op, let left, let right) = term.kind, op == "=" || op == "IS" else { continue }
            for (column, value) in [(left, right), (right, left)] {
                guard case .column = column.kind, Self.isConstant(value),
                    let origin = columnOrigins[column.range.start], origin.sourceID == sourceID
                else { continue }
                pinned.insert(origin.name)
            }
        }
        return pinned
    }

    /// A parameter or a literal: one value for the whole query.
    static func isConstant(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .parameter, .literal: true
        case .unary(let op, let operand): (op == "-" || op == "+") && isConstant(operand)
        case .cast(let operand, _, _), .collate(let operand, _): isConstant(operand)
        default: false
        }
    }

    /// The top-level AND terms of `expr`.
    static func andTerms(_ expr: Expr) -> [Expr] {
        if case .binary("AND", let left, let right) = expr.kind {
            return andTerms(left) + andTerms(right)
        }
        return [expr]
    }
}
