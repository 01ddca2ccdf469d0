import CoddSchema

// FTS5's query: `notes MATCH ?`, `title MATCH ?` and the table-valued form `notes(?)`.
// Text a user typed is FTS5 query syntax there (`don't` and `"unbalanced` are syntax
// errors), so a parameter on an FTS5 table takes an `FTS5Pattern`, which escapes it.

extension StatementResolver {
    /// `operand MATCH pattern`: a parameter of the pattern is an `FTS5Pattern` when the
    /// operand is an FTS5 table or one of its columns, named after it; `String` otherwise
    /// (and where the SQL says so: `MATCH CAST(? AS TEXT)` takes raw FTS5 syntax).
    mutating func typeMatch(_ operand: Expr, _ pattern: Expr, _ scope: Scope) -> ExprType {
        let operandType = typeOf(operand, scope, Expectation(type: .string, name: nil))
        let patternType: ValueType = isFTS5Column(operandType.column, scope) ? .fts5Pattern : .string
        _ = typeOf(pattern, scope, Expectation(type: patternType, name: operandType.column?.name ?? "pattern"))
        return .known(.bool)
    }

    /// Whether `origin` is a column of an FTS5 table among the sources in reach.
    func isFTS5Column(_ origin: ColumnOrigin?, _ scope: Scope) -> Bool {
        guard let origin else { return false }
        var level: Scope? = scope
        while let current = level {
            if let source = current.sources.first(where: { $0.id == origin.sourceID }) {
                return source.table?.kind == .fts5
            }
            level = current.parent
        }
        return false
    }

    /// `FROM notes(?)`: the FTS5 table's rows matching its one argument, as `notes MATCH ?`
    /// would select them. Nil when `name` is not an FTS5 table.
    mutating func fts5TableFunction(_ name: Name, arguments: [Expr], alias: Name?, _ scope: Scope) -> ScopeSource? {
        guard let table = catalog.table(named: name.text), table.kind == .fts5 else { return nil }
        if arguments.count != 1 {
            report(
                name.range.start,
                "\(table.name)(…) takes one argument, the FTS5 query (\(table.name)(?)), given \(arguments.count)")
        }
        for argument in arguments {
            _ = typeOf(argument, scope, Expectation(type: .fts5Pattern, name: table.name))
        }
        var added = source(of: table)
        added.id = makeSourceID()
        added.name = alias?.text ?? table.name
        return added
    }
}
