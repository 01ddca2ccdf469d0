import CoddSchema

// SELECT: cores joined by UNION / INTERSECT / EXCEPT, VALUES, FROM with every join form,
// ORDER BY, LIMIT / OFFSET, and named windows.

extension SQLParser {
    mutating func parseSelect(with: WithClause?) throws(LocatedProblem) -> SelectStatement {
        let start = currentStart
        var with = with
        if with == nil, isKeyword("WITH") { with = try parseWith() }
        var cores = [try parseSelectCore()]
        var operators: [CompoundOperator] = []
        while true {
            if consumeKeyword("UNION") {
                operators.append(consumeKeyword("ALL") ? .unionAll : .union)
            } else if consumeKeyword("INTERSECT") {
                operators.append(.intersect)
            } else if consumeKeyword("EXCEPT") {
                operators.append(.except)
            } else {
                break
            }
            cores.append(try parseSelectCore())
        }
        var orderBy: [OrderingTerm] = []
        if consumeKeyword("ORDER") {
            try expectKeyword("BY")
            orderBy = try parseOrderingList()
        }
        var limit: Expr?
        var offset: Expr?
        if consumeKeyword("LIMIT") {
            let first = try parseExpression()
            if consumeKeyword("OFFSET") {
                limit = first
                offset = try parseExpression()
            } else if consumePunctuation(",") {
                // LIMIT offset, count
                offset = first
                limit = try parseExpression()
            } else {
                limit = first
            }
        }
        return SelectStatement(
            with: with, cores: cores, operators: operators, orderBy: orderBy, limit: limit, offset: offset,
            range: SourceRange(start, previousEnd)
        )
    }

    mutating func parseOrderingList() throws(LocatedProblem) -> [OrderingTerm] {
        var terms: [OrderingTerm] = []
        repeat {
            terms.append(try parseOrdering())
        } while consumePunctuation(",")
        return terms
    }

    mutating func parseOrdering() throws(LocatedProblem) -> OrderingTerm {
        let expr = try parseExpression()
        var descending = false
        if consumeKeyword("DESC") { descending = true } else { _ = consumeKeyword("ASC") }
        if consumeKeyword("NULLS") {
            if !consumeKeyword("FIRST") { try expectKeyword("LAST") }
        }
        return OrderingTerm(expr: expr, descending: descending)
    }

    mutating func parseValueRows() throws(LocatedProblem) -> [[Expr]] {
        var rows: [[Expr]] = []
        repeat {
            try expectPunctuation("(")
            rows.append(try parseExpressionList())
            try expectPunctuation(")")
        } while consumePunctuation(",")
        return rows
    }

    mutating func parseSelectCore() throws(LocatedProblem) -> SelectCore {
        let start = currentStart
        if consumeKeyword("VALUES") {
            let rows = try parseValueRows()
            return SelectCore(
                isDistinct: false, columns: [], from: nil, whereClause: nil, groupBy: [], having: nil, windows: [],
                values: rows, range: SourceRange(start, previousEnd)
            )
        }
        guard consumeKeyword("SELECT") else {
            throw problem(
                "syntax error: expected SELECT or VALUES, found \(describe(position))"
                    + suggestion(among: ["SELECT", "VALUES"]))
        }
        var distinct = false
        if consumeKeyword("DISTINCT") { distinct = true } else { _ = consumeKeyword("ALL") }
        let columns = try parseResultColumns()
        var from: FromClause?
        if consumeKeyword("FROM") { from = try parseFrom() }
        var whereClause: Expr?
        if consumeKeyword("WHERE") { whereClause = try parseExpression() }
        var groupBy: [Expr] = []
        var having: Expr?
        if consumeKeyword("GROUP") {
            try expectKeyword("BY")
            groupBy = try parseExpressionList()
            if consumeKeyword("HAVING") { having = try parseExpression() }
        } else if consumeKeyword("HAVING") {
            having = try parseExpression()
        }
        var windows: [(Name, WindowSpec)] = []
        if consumeKeyword("WINDOW") {
            repeat {
                let name = try parseName("a window name")
                try expectKeyword("AS")
                windows.append((name, try parseWindowSpec()))
            } while consumePunctuation(",")
        }
        return SelectCore(
            isDistinct: distinct, columns: columns, from: from, whereClause: whereClause, groupBy: groupBy,
            having: having, windows: windows, values: nil, range: SourceRange(start, previousEnd)
        )
    }

    mutating func parseResultColumns() throws(LocatedProblem) -> [ResultColumn] {
        var columns: [ResultColumn] = []
        repeat {
            let start = currentStart
            if consumePunctuation("*") {
                columns.append(.star(SourceRange(start, previousEnd)))
                continue
            }
            if isNameToken(position), isPunctuation(".", at: position + 1), isPunctuation("*", at: position + 2) {
                let name = try parseName("a table name")
                position += 2
                columns.append(.tableStar(name, SourceRange(start, previousEnd)))
                continue
            }
            let expr = try parseExpression()
            var alias: Name?
            if consumeKeyword("AS") {
                alias = try parseAlias()
            } else if position < end, isImplicitAliasToken(position) {
                alias = try parseAlias()
            }
            columns.append(.expr(expr, alias: alias))
        } while consumePunctuation(",")
        return columns
    }

    /// An alias: a name, or a string literal (SQLite takes `AS 'name'`).
    private mutating func parseAlias() throws(LocatedProblem) -> Name {
        if position < end, tokens[position].kind == .string {
            let token = tokens[position]
            position += 1
            return Name(unquoted(position - 1), range: SourceRange(token.start, token.end), isQuoted: true)
        }
        return try parseName("an alias")
    }

    func isNameToken(_ index: Int) -> Bool {
        guard index < end else { return false }
        switch tokens[index].kind {
        case .word: return !Self.reserved.contains(text(index).uppercased())
        case .quotedIdentifier: return true
        default: return false
        }
    }

    private func isImplicitAliasToken(_ index: Int) -> Bool {
        isNameToken(index) || (index < end && tokens[index].kind == .string)
    }

    // MARK: FROM

    mutating func parseFrom() throws(LocatedProblem) -> FromClause {
        var sources = [try parseJoinedSource(kind: nil, natural: false, start: currentStart)]
        while true {
            let start = currentStart
            if consumePunctuation(",") {
                sources.append(try parseJoinedSource(kind: .comma, natural: false, start: start))
                continue
            }
            let natural = consumeKeyword("NATURAL")
            var kind: JoinKind?
            if consumeKeyword("LEFT") {
                _ = consumeKeyword("OUTER")
                kind = .left
            } else if consumeKeyword("RIGHT") {
                _ = consumeKeyword("OUTER")
                kind = .right
            } else if consumeKeyword("FULL") {
                _ = consumeKeyword("OUTER")
                kind = .full
            } else if consumeKeyword("INNER") {
                kind = .inner
            } else if consumeKeyword("CROSS") {
                kind = .cross
            }
            if isKeyword("JOIN") {
                advance()
                sources.append(try parseJoinedSource(kind: kind ?? .inner, natural: natural, start: start))
                continue
            }
            if natural || kind != nil {
                throw problem("syntax error: expected JOIN, found \(describe(position))")
            }
            break
        }
        return FromClause(sources: sources)
    }

    private mutating func parseJoinedSource(kind: JoinKind?, natural: Bool, start: Int) throws(LocatedProblem)
        -> JoinedSource
    {
        let source = try parseTableSource()
        var constraint = JoinConstraint.none
        if consumeKeyword("ON") {
            constraint = .on(try parseExpression())
        } else if consumeKeyword("USING") {
            try expectPunctuation("(")
            constraint = .using(try parseNameList("a column name"))
            try expectPunctuation(")")
        }
        return JoinedSource(
            kind: kind, isNatural: natural, source: source, constraint: constraint,
            range: SourceRange(start, previousEnd))
    }

    private mutating func parseTableSource() throws(LocatedProblem) -> TableSource {
        let start = currentStart
        if consumePunctuation("(") {
            if isKeyword("SELECT") || isKeyword("VALUES") || isKeyword("WITH") {
                let select = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
                    try parser.parseSelect(with: nil)
                }
                try expectPunctuation(")")
                let alias = try parseSourceAlias()
                return .subquery(select, alias: alias, range: SourceRange(start, previousEnd))
            }
            let inner = try nested { (parser: inout SQLParser) throws(LocatedProblem) in try parser.parseFrom() }
            try expectPunctuation(")")
            if isKeyword("AS") || isNameToken(position) {
                throw problem("an alias after a parenthesized join is not supported; alias the tables inside it")
            }
            return .nested(inner, range: SourceRange(start, previousEnd))
        }
        let first = try parseName("a table name")
        var schema: Name?
        var name = first
        if consumePunctuation(".") {
            schema = first
            name = try parseName("a table name")
            guard ["main", "temp"].contains(first.text.lowercased()) else {
                throw LocatedProblem(
                    offset: first.range.start,
                    message:
                        "\(first.text).\(name.text): a query runs on the database's own schema (main); attached databases are not supported"
                )
            }
        }
        if consumePunctuation("(") {
            var arguments: [Expr] = []
            if !isPunctuation(")") { arguments = try parseExpressionList() }
            try expectPunctuation(")")
            let alias = try parseSourceAlias()
            return .function(name, arguments: arguments, alias: alias)
        }
        let alias = try parseSourceAlias()
        try skipIndexHint()
        return .table(schema: schema, name: name, alias: alias)
    }

    private mutating func parseSourceAlias() throws(LocatedProblem) -> Name? {
        if consumeKeyword("AS") { return try parseName("an alias") }
        if isNameToken(position) { return try parseName("an alias") }
        return nil
    }

    // MARK: Windows

    mutating func parseWindowSpec() throws(LocatedProblem) -> WindowSpec {
        try expectPunctuation("(")
        var spec = WindowSpec(baseName: nil, partitionBy: [], orderBy: [], frameExpressions: [])
        if isNameToken(position), !isKeyword("PARTITION"), !isKeyword("ORDER"), !isKeyword("RANGE"), !isKeyword("ROWS"),
            !isKeyword("GROUPS")
        {
            spec.baseName = try parseName("a window name")
        }
        if consumeKeyword("PARTITION") {
            try expectKeyword("BY")
            spec.partitionBy = try parseExpressionList()
        }
        if consumeKeyword("ORDER") {
            try expectKeyword("BY")
            spec.orderBy = try parseOrderingList()
        }
        if consumeKeyword("RANGE") || consumeKeyword("ROWS") || consumeKeyword("GROUPS") {
            if consumeKeyword("BETWEEN") {
                try parseFrameBound(into: &spec)
                try expectKeyword("AND")
                try parseFrameBound(into: &spec)
            } else {
                try parseFrameBound(into: &spec)
            }
            if consumeKeyword("EXCLUDE") {
                if consumeKeyword("NO") {
                    try expectKeyword("OTHERS")
                } else if consumeKeyword("CURRENT") {
                    try expectKeyword("ROW")
                } else if !consumeKeyword("GROUP") {
                    try expectKeyword("TIES")
                }
            }
        }
        try expectPunctuation(")")
        return spec
    }

    private mutating func parseFrameBound(into spec: inout WindowSpec) throws(LocatedProblem) {
        if consumeKeyword("UNBOUNDED") {
            if !consumeKeyword("PRECEDING") { try expectKeyword("FOLLOWING") }
            return
        }
        if consumeKeyword("CURRENT") {
            try expectKeyword("ROW")
            return
        }
        spec.frameExpressions.append(try parseExpression(minimumPrecedence: 5))
        if !consumeKeyword("PRECEDING") { try expectKeyword("FOLLOWING") }
    }
}
