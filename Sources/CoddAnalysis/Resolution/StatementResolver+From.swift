import CoddSchema

extension StatementResolver {
    /// Adds the FROM clause's sources to `scope`, in order, each with the nullability its
    /// join gives: the right side of LEFT, the left side (every source before) of RIGHT,
    /// both of FULL. ON conditions are typed once their sources are in scope.
    mutating func resolveFrom(_ from: FromClause, _ scope: Scope) {
        for joined in from.sources {
            let before = scope.sources.count
            addSource(joined.source, scope)
            let added = before..<scope.sources.count
            switch joined.kind {
            case .left:
                for index in added { scope.sources[index].isNullable = true }
            case .right:
                for index in 0..<before { scope.sources[index].isNullable = true }
            case .full:
                for index in scope.sources.indices { scope.sources[index].isNullable = true }
            default:
                break
            }
            if joined.isNatural {
                let left = Set(
                    scope.sources[0..<before].flatMap {
                        $0.columns.filter { !$0.isHidden }.map { SchemaCatalog.folded($0.name) }
                    })
                for index in added {
                    let common = scope.sources[index].columns.filter {
                        !$0.isHidden && left.contains(SchemaCatalog.folded($0.name))
                    }
                    scope.sources[index].mergedColumns.formUnion(common.map { SchemaCatalog.folded($0.name) })
                }
            }
            switch joined.constraint {
            case .none:
                break
            case .on(let condition):
                _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
                collectOptionalTerms(condition)
            case .using(let names):
                for name in names {
                    let folded = SchemaCatalog.folded(name.text)
                    let onLeft = scope.sources[0..<before].contains {
                        $0.isUnknown || $0.column(named: name.text) != nil
                    }
                    let onRight = added.contains {
                        scope.sources[$0].isUnknown || scope.sources[$0].column(named: name.text) != nil
                    }
                    if !onLeft || !onRight {
                        report(
                            name.range.start,
                            "cannot join using column \(name.text): it is not in both sides of the join")
                        continue
                    }
                    for index in added { scope.sources[index].mergedColumns.insert(folded) }
                }
            }
        }
    }

    private mutating func addSource(_ source: TableSource, _ scope: Scope) {
        switch source {
        case .table(_, let name, let alias):
            let id = makeSourceID()
            if let common = scope.commonTable(named: name.text) {
                var added = common
                added.id = id
                added.name = alias?.text ?? name.text
                scope.sources.append(added)
                return
            }
            guard let table = catalog.table(named: name.text) else {
                report(name.range.start, "no such table: \(name.text)\(suggestion(for: name.text))")
                scope.sources.append(
                    ScopeSource(id: id, name: alias?.text ?? name.text, columns: [], isNullable: false, isUnknown: true)
                )
                return
            }
            if case .virtual(let module) = table.kind {
                report(
                    name.range.start,
                    "\(table.name) is a virtual table of module \(module), whose columns SQL does not declare; Codd types FTS5 tables"
                )
                scope.sources.append(
                    ScopeSource(id: id, name: alias?.text ?? name.text, columns: [], isNullable: false, isUnknown: true)
                )
                return
            }
            var added = self.source(of: table)
            added.id = id
            added.name = alias?.text ?? table.name
            scope.sources.append(added)

        case .function(let name, let arguments, let alias):
            if let matched = fts5TableFunction(name, arguments: arguments, alias: alias, scope) {
                scope.sources.append(matched)
                return
            }
            let id = makeSourceID()
            guard let columns = FunctionCatalog.tableValued[name.text.lowercased()] else {
                report(
                    name.range.start, "no such table-valued function: \(name.text) (Codd types json_each and json_tree)"
                )
                for argument in arguments { _ = typeOf(argument, scope, nil) }
                scope.sources.append(
                    ScopeSource(id: id, name: alias?.text ?? name.text, columns: [], isNullable: false, isUnknown: true)
                )
                return
            }
            if arguments.isEmpty || arguments.count > 2 {
                report(
                    name.range.start,
                    "\(name.text) takes a JSON value and an optional path, given \(arguments.count) arguments")
            }
            for (index, argument) in arguments.enumerated() {
                _ = typeOf(argument, scope, Expectation(type: .string, name: index == 0 ? "json" : "path"))
            }
            scope.sources.append(
                ScopeSource(
                    id: id, name: alias?.text ?? name.text,
                    columns: columns.map {
                        DerivedColumn(
                            name: $0.name, type: $0.type, isNullable: $0.isNullable, isHidden: $0.isHidden,
                            collation: $0.collation)
                    },
                    isNullable: false, table: nil
                ))

        case .subquery(let select, let alias, _):
            let id = makeSourceID()
            let resolved = resolveSelect(select, outer: scope.parent)
            let columns = (resolved?.columns ?? []).map {
                DerivedColumn(
                    name: $0.name, type: $0.type.value ?? .any, isNullable: $0.type.isNullable,
                    collation: $0.type.collating?.name)
            }
            scope.sources.append(
                ScopeSource(
                    id: id, name: alias?.text ?? "", columns: columns, isNullable: false, table: nil,
                    isUnknown: resolved == nil))

        case .nested(let inner, _):
            resolveFrom(inner, scope)
        }
    }

    /// ` (did you mean todo?)` for a name close to a table's.
    func suggestion(for name: String) -> String {
        let lowered = name.lowercased()
        let close = catalog.tables.map(\.name).filter { candidate in
            let other = candidate.lowercased()
            return other.hasPrefix(lowered) || lowered.hasPrefix(other) || EditDistance.between(lowered, other) <= 2
        }
        return close.isEmpty ? "" : " (did you mean \(close.prefix(3).joined(separator: ", "))?)"
    }

    /// The result columns of a SELECT core (or a RETURNING clause): `*` and `t.*`
    /// expanded, expressions typed and named.
    mutating func resolveResultColumns(_ columns: [ResultColumn], _ scope: Scope, expected: [Expectation?])
        -> ResolvedSelect
    {
        var result: [ResolvedColumn] = []
        var starSources: [Int: ScopeSource] = [:]
        for (index, column) in columns.enumerated() {
            switch column {
            case .star(let range):
                if scope.sources.isEmpty { report(range.start, "SELECT * needs a FROM clause") }
                for source in scope.sources where !source.isUnknown {
                    starSources[source.id] = source
                    for derived in source.columns
                    where !derived.isHidden && !source.mergedColumns.contains(SchemaCatalog.folded(derived.name)) {
                        result.append(
                            ResolvedColumn(
                                name: derived.name,
                                type: ExprType(
                                    derived.type, nullable: derived.isNullable || source.isNullable,
                                    column: ColumnOrigin(sourceID: source.id, name: derived.name)),
                                range: range, star: StarOrigin(sourceID: source.id, group: index)
                            ))
                    }
                }
            case .tableStar(let name, let range):
                guard let source = scope.sources.last(where: { SQLSchema.sameName($0.name, name.text) }) else {
                    report(
                        name.range.start,
                        "no such table: \(name.text) (nothing named \(name.text) in this query's FROM)")
                    continue
                }
                starSources[source.id] = source
                for derived in source.columns where !derived.isHidden {
                    result.append(
                        ResolvedColumn(
                            name: derived.name,
                            type: ExprType(
                                derived.type, nullable: derived.isNullable || source.isNullable,
                                column: ColumnOrigin(sourceID: source.id, name: derived.name)),
                            range: range, star: StarOrigin(sourceID: source.id, group: index)
                        ))
                }
            case .expr(let expr, let alias):
                let type = typeOf(expr, scope, index < expected.count ? expected[index] : nil)
                var resolved = ResolvedColumn(name: "", type: type, range: expr.range)
                if let alias {
                    resolved.name = alias.text
                } else if case .column(_, _, let name) = expr.kind {
                    resolved.name = name.text
                } else {
                    resolved.name = text(expr.range)
                    resolved.isUnnamed = true
                    if case .function(let function, _, _, _, _, _, _) = expr.kind {
                        resolved.functionName = function.text
                    }
                }
                result.append(resolved)
            }
        }
        return ResolvedSelect(columns: result, cardinality: .many, starSources: starSources)
    }
}
