import CoddAnalysis

extension SwiftGenerator {
    /// `static func name(_ db: Connection, _ input: Input) throws -> Output`: the query's
    /// statements in order, the last one's rows decoded. Static SQL goes straight to the
    /// connection's cached statements with its values (`fetchAll(T.self, sql, a, b)`);
    /// SQL that changes with the inputs (a dynamic filter, an IN list) is built first.
    func writeStatement(_ query: AnalyzedQuery, into source: inout SwiftSource) {
        source.documentation(documentation(forStatementsOf: query))
        source.block(
            "static func \(query.name)(_ db: Connection, _ input: \(query.inputType)) throws -> \(query.outputType)"
        ) { body in
            for (index, statement) in query.statements.enumerated() {
                let isLast = index == query.statements.count - 1
                writeRun(query, statement, isLast: isLast, into: &body)
            }
        }
        guard let statement = refinableStatement(query) else { return }
        source.line()
        source.line(
            "/// The SQL of `\(query.name)` for `input`, which a refinement of its rows (`refined { … }`) wraps.")
        source.block("static func \(query.name)SQL(_ input: \(query.inputType)) throws -> SQLFirstStatementBuilder") {
            body in
            body.line("var sqlBuilder = SQLFirstStatementBuilder()")
            writeBuilder(statement.pieces, query, unwrapped: [], into: &body)
            body.line("return sqlBuilder")
        }
    }

    /// The statement of a query the DSL can refine: one SELECT of one table's rows.
    func refinableStatement(_ query: AnalyzedQuery) -> AnalyzedStatement? {
        guard query.statements.count == 1, !query.isWrite, query.cardinality == .many, case .table? = query.row else {
            return nil
        }
        return query.statements.first
    }

    /// The live query of `query` on `database` (a Swift expression).
    func liveQuery(_ query: AnalyzedQuery, database: String) -> String {
        if refinableStatement(query) != nil, case .table(let rowType, _)? = query.row {
            return
                "Queries.Refinable<\(query.inputType), \(rowType)>(\(database), fetch: { db, input in try Statements.\(query.name)(db, input) }, sql: { input in try Statements.\(query.name)SQL(input) })"
        }
        let kind = query.isWrite ? "LiveWrite" : "Live"
        return
            "Queries.\(kind)<\(query.inputType), \(query.outputType)>(\(database)) { db, input in try Statements.\(query.name)(db, input) }"
    }

    private func documentation(forStatementsOf query: AnalyzedQuery) -> [String] {
        ["Runs `\(query.name)` (\(query.location.file):\(query.location.line)) on `db`."]
    }

    private func writeRun(
        _ query: AnalyzedQuery, _ statement: AnalyzedStatement, isLast: Bool, into source: inout SwiftSource
    ) {
        let dynamic = SQLPiece.isDynamic(statement.pieces)
        var arguments: String
        if dynamic {
            source.line("var sqlBuilder = SQLFirstStatementBuilder()")
            writeBuilder(statement.pieces, query, unwrapped: [], into: &source)
            arguments = "sqlBuilder.fragment"
        } else {
            let sql = SwiftLiteral.raw(
                SQLPiece.staticSQL(statement.pieces), indentation: source.currentIndentation + "    ")
            let values = SQLPiece.bindings(statement.pieces).map {
                bindExpression(query, input: $0.input, representation: $0.representation, unwrapped: [])
            }
            arguments = ([sql] + values).joined(separator: ", ")
        }
        guard isLast, statement.returnsRows, let row = query.row else {
            if statement.returnsRows {
                source.line("_ = try db.fetchAll(SQLNoRow.self, \(arguments))")
            } else if dynamic || !SQLPiece.bindings(statement.pieces).isEmpty {
                source.line("try db.execute(\(arguments))")
            } else {
                source.line("try db.run(\(arguments))")
            }
            return
        }
        let (decoded, represented, nullableSingle) = decodedType(row)
        let name = SwiftLiteral.quoted(query.name)
        switch query.cardinality {
        case .none:
            source.line("try db.run(\(arguments))")
        case .many:
            source.line(
                "return try db.fetchAll(\(decoded).self, \(arguments))" + (represented ? ".map { $0.represented }" : "")
            )
        case .optional:
            if nullableSingle {
                source.line(
                    "return try db.fetchOne(\(decoded).self, \(arguments)).flatMap { $0\(represented ? "?.represented" : "") }"
                )
            } else {
                source.line(
                    "return try db.fetchOne(\(decoded).self, \(arguments))" + (represented ? "?.represented" : ""))
            }
        case .one:
            source.line(
                "return try db.requireRow(db.fetchOne(\(decoded).self, \(arguments)), query: \(name))"
                    + (represented ? ".represented" : ""))
        }
    }

    /// What a row is fetched as, whether it is then read through `.represented`, and
    /// whether it is one nullable column.
    private func decodedType(_ row: RowShape) -> (String, Bool, Bool) {
        switch row {
        case .table(let rowType, _): return (rowType, false, false)
        case .structure(let name, _): return (name, false, false)
        case .single(let type, let isOptional):
            let optional = isOptional ? "?" : ""
            return type.isRepresented
                ? ("\(type.representation)\(optional)", true, isOptional)
                : ("\(type.swiftName)\(optional)", false, isOptional)
        }
    }

    /// The builder calls of dynamic pieces: text appended, values bound, a dropped
    /// filter's term as `1`.
    private func writeBuilder(
        _ pieces: [SQLPiece], _ query: AnalyzedQuery, unwrapped: Set<Int>, into source: inout SwiftSource
    ) {
        for piece in pieces {
            switch piece {
            case .text(let text):
                source.line(
                    "sqlBuilder.append(\(SwiftLiteral.raw(text, indentation: source.currentIndentation + "    ")))")
            case .bind(let input, let representation):
                source.line(
                    "try sqlBuilder.bind(\(bindExpression(query, input: input, representation: representation, unwrapped: unwrapped)))"
                )
            case .list(let input, let representation):
                source.line(
                    "try sqlBuilder.bindList(\(valueExpression(query, input: input, unwrapped: unwrapped)), as: \(representation).self)"
                )
            case .optional(let inputs, let inner):
                let newly = inputs.filter { !unwrapped.contains($0) }
                let bindings = newly.map {
                    "let \(unwrappedName(query, $0)) = \(valueExpression(query, input: $0, unwrapped: unwrapped))"
                }
                if bindings.isEmpty {
                    writeBuilder(inner, query, unwrapped: unwrapped, into: &source)
                    continue
                }
                source.ifElse(
                    bindings.joined(separator: ", "),
                    { body in
                        writeBuilder(inner, query, unwrapped: unwrapped.union(newly), into: &body)
                    }, else: { $0.line("sqlBuilder.append(\"1\")") })
            }
        }
    }

    private func unwrappedName(_ query: AnalyzedQuery, _ input: Int) -> String {
        query.inputTypeName == nil ? "input" : "unwrapped_\(SwiftNaming.bare(query.inputs[input].name))"
    }

    private func valueExpression(_ query: AnalyzedQuery, input: Int, unwrapped: Set<Int>) -> String {
        if unwrapped.contains(input) { return unwrappedName(query, input) }
        return query.inputTypeName == nil ? "input" : "input.\(query.inputs[input].name)"
    }

    /// An input's value as bound: through its position's representation
    /// (`Date.UnixTimeMillisecondsRepresentation(represented: input.date)`).
    private func bindExpression(_ query: AnalyzedQuery, input: Int, representation: String, unwrapped: Set<Int>)
        -> String
    {
        let value = valueExpression(query, input: input, unwrapped: unwrapped)
        let parameter = query.inputs[input]
        guard representation != parameter.type.swiftName else { return value }
        let optional = parameter.isOptional && !unwrapped.contains(input)
        return optional ? "\(representation)?(represented: \(value))" : "\(representation)(represented: \(value))"
    }
}
