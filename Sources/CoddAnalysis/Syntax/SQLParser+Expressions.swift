import CoddSchema

// Expressions, by SQLite's precedence (lowest first): OR; AND; NOT; = == != <> IS IN LIKE
// GLOB MATCH REGEXP BETWEEN ISNULL NOTNULL; < <= > >=; & | << >>; + -; * / %; || -> ->>;
// COLLATE; unary - + ~.

extension SQLParser {
    mutating func parseExpressionList() throws(LocatedProblem) -> [Expr] {
        var list: [Expr] = []
        repeat {
            list.append(try parseExpression())
        } while consumePunctuation(",")
        return list
    }

    mutating func parseExpression(minimumPrecedence: Int = 1) throws(LocatedProblem) -> Expr {
        let expr = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
            try parser.parseBinary(minimumPrecedence: minimumPrecedence)
        }
        // A chain (`a + b + c …`, `x AND y AND …`) deepens the tree without nesting calls.
        if expr.depth > Self.maximumDepth {
            throw LocatedProblem(offset: expr.range.start, message: Self.depthMessage)
        }
        return expr
    }

    private mutating func parseBinary(minimumPrecedence: Int) throws(LocatedProblem) -> Expr {
        var left = try parsePrefix()
        while position < end {
            let start = left.range.start
            // Logic.
            if minimumPrecedence <= 1, consumeKeyword("OR") {
                let right = try parseExpression(minimumPrecedence: 2)
                left = Expr(.binary("OR", left, right), SourceRange(start, right.range.end))
                continue
            }
            if minimumPrecedence <= 2, consumeKeyword("AND") {
                let right = try parseExpression(minimumPrecedence: 3)
                left = Expr(.binary("AND", left, right), SourceRange(start, right.range.end))
                continue
            }
            if minimumPrecedence <= 4, let next = try parseEqualityLevel(left) {
                left = next
                continue
            }
            guard let (op, count) = peekOperator() else {
                if minimumPrecedence <= 10, isKeyword("COLLATE") {
                    advance()
                    let collation = try parseName("a collation name")
                    left = Expr(.collate(left, collation.text), SourceRange(start, previousEnd))
                    continue
                }
                break
            }
            let precedence: Int
            switch op {
            case "=", "==", "!=", "<>": precedence = 4
            case "<", "<=", ">", ">=": precedence = 5
            case "&", "|", "<<", ">>": precedence = 6
            case "+", "-": precedence = 7
            case "*", "/", "%": precedence = 8
            case "||", "->", "->>": precedence = 9
            default: precedence = 0
            }
            guard precedence > 0, precedence >= minimumPrecedence else { break }
            position += count
            let right = try parseExpression(minimumPrecedence: precedence + 1)
            let normalized = op == "==" ? "=" : op == "<>" ? "!=" : op
            left = Expr(.binary(normalized, left, right), SourceRange(start, right.range.end))
        }
        return left
    }

    /// `IS [NOT] [DISTINCT FROM]`, `[NOT] IN`, `[NOT] LIKE | GLOB | MATCH | REGEXP`,
    /// `[NOT] BETWEEN`, `ISNULL`, `NOTNULL`, `NOT NULL`, or nil when none follows.
    private mutating func parseEqualityLevel(_ left: Expr) throws(LocatedProblem) -> Expr? {
        let start = left.range.start
        if consumeKeyword("ISNULL") { return Expr(.nullTest(left, isNull: true), SourceRange(start, previousEnd)) }
        if consumeKeyword("NOTNULL") { return Expr(.nullTest(left, isNull: false), SourceRange(start, previousEnd)) }
        if isKeyword("NOT"), isKeyword("NULL", at: position + 1) {
            position += 2
            return Expr(.nullTest(left, isNull: false), SourceRange(start, previousEnd))
        }
        if consumeKeyword("IS") {
            var negated = consumeKeyword("NOT")
            if consumeKeyword("DISTINCT") {
                try expectKeyword("FROM")
                negated.toggle()
            }
            let right = try parseExpression(minimumPrecedence: 5)
            return Expr(.binary(negated ? "IS NOT" : "IS", left, right), SourceRange(start, right.range.end))
        }
        var negated = false
        let saved = position
        if isKeyword("NOT") {
            negated = true
            advance()
        }
        if consumeKeyword("BETWEEN") {
            let low = try parseExpression(minimumPrecedence: 5)
            try expectKeyword("AND")
            let high = try parseExpression(minimumPrecedence: 5)
            return Expr(.between(left, low, high, negated: negated), SourceRange(start, high.range.end))
        }
        if consumeKeyword("IN") {
            return try parseIn(left, negated: negated)
        }
        for op in ["LIKE", "GLOB", "MATCH", "REGEXP"] where isKeyword(op) {
            advance()
            let pattern = try parseExpression(minimumPrecedence: 5)
            var escape: Expr?
            if consumeKeyword("ESCAPE") { escape = try parseExpression(minimumPrecedence: 5) }
            return Expr(.pattern(op, left, pattern, escape: escape, negated: negated), SourceRange(start, previousEnd))
        }
        position = saved
        return nil
    }

    private mutating func parseIn(_ left: Expr, negated: Bool) throws(LocatedProblem) -> Expr {
        let start = left.range.start
        if position < end, tokens[position].kind == .parameter {
            let parameter = parseParameterToken()
            if parameter.isOptional {
                throw LocatedProblem(
                    offset: parameter.range.start,
                    message:
                        "an IN list cannot be an optional filter; an empty array already matches nothing (write the condition without '?' after the name)"
                )
            }
            return Expr(.inParameter(left, parameter, negated: negated), SourceRange(start, previousEnd))
        }
        if consumePunctuation("(") {
            if isKeyword("SELECT") || isKeyword("VALUES") || isKeyword("WITH") {
                let select = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
                    try parser.parseSelect(with: nil)
                }
                try expectPunctuation(")")
                return Expr(.inSelect(left, select, negated: negated), SourceRange(start, previousEnd))
            }
            var list: [Expr] = []
            if !isPunctuation(")") { list = try parseExpressionList() }
            try expectPunctuation(")")
            return Expr(.inList(left, list, negated: negated), SourceRange(start, previousEnd))
        }
        var name = try parseName("a list, a subquery, a table or a parameter after IN")
        if consumePunctuation(".") {
            name = try parseName("a table name")
        }
        var arguments: [Expr]?
        if consumePunctuation("(") {
            arguments = isPunctuation(")") ? [] : try parseExpressionList()
            try expectPunctuation(")")
        }
        return Expr(.inTable(left, name, arguments: arguments, negated: negated), SourceRange(start, previousEnd))
    }

    private mutating func parsePrefix() throws(LocatedProblem) -> Expr {
        let start = currentStart
        guard position < end else {
            throw problem("syntax error: expected an expression, found the end of the statement")
        }
        if consumeKeyword("NOT") {
            if isKeyword("EXISTS") {
                let exists = try parsePrimary()
                return Expr(.unary("NOT", exists), SourceRange(start, exists.range.end))
            }
            let operand = try parseExpression(minimumPrecedence: 3)
            return Expr(.unary("NOT", operand), SourceRange(start, operand.range.end))
        }
        if let (op, count) = peekOperator(), count == 1, op == "-" || op == "+" || op == "~" {
            position += 1
            let operand = try nested { (parser: inout SQLParser) throws(LocatedProblem) in try parser.parsePrefix() }
            // A sign binds tighter than any binary operator; COLLATE may still follow.
            return Expr(.unary(op, operand), SourceRange(start, operand.range.end))
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(LocatedProblem) -> Expr {
        let start = currentStart
        let token = tokens[position]
        switch token.kind {
        case .number:
            advance()
            let literal = text(position - 1)
            let isHex = literal.hasPrefix("0x") || literal.hasPrefix("0X")
            let isReal = !isHex && literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            return Expr(.literal(isReal ? .real(literal) : .integer(literal)), SourceRange(start, previousEnd))
        case .string:
            advance()
            return Expr(.literal(.string(unquoted(position - 1))), SourceRange(start, previousEnd))
        case .blob:
            advance()
            return Expr(.literal(.blob), SourceRange(start, previousEnd))
        case .parameter:
            let parameter = parseParameterToken()
            return Expr(.parameter(parameter), parameter.fullRange)
        case .quotedIdentifier:
            return try parseColumnOrFunction()
        case .punctuation:
            if consumePunctuation("(") {
                if isKeyword("SELECT") || isKeyword("VALUES") || isKeyword("WITH") {
                    let select = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
                        try parser.parseSelect(with: nil)
                    }
                    try expectPunctuation(")")
                    return Expr(.subquery(select), SourceRange(start, previousEnd))
                }
                let list = try parseExpressionList()
                try expectPunctuation(")")
                if list.count == 1 {
                    var inner = list[0]
                    inner.range = SourceRange(start, previousEnd)
                    return inner
                }
                return Expr(.row(list), SourceRange(start, previousEnd))
            }
            throw problem("syntax error: expected an expression, found \(describe(position))")
        case .word:
            break
        }
        let word = text(position).uppercased()
        switch word {
        case "NULL":
            advance()
            return Expr(.literal(.null), SourceRange(start, previousEnd))
        case "TRUE", "FALSE":
            if !isPunctuation("(", at: position + 1), !isPunctuation(".", at: position + 1) {
                advance()
                return Expr(.literal(.boolean(word == "TRUE")), SourceRange(start, previousEnd))
            }
        case "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP":
            advance()
            return Expr(.literal(.currentTime), SourceRange(start, previousEnd))
        case "CAST":
            return try parseCast()
        case "CASE":
            return try parseCase()
        case "EXISTS":
            advance()
            try expectPunctuation("(")
            let select = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
                try parser.parseSelect(with: nil)
            }
            try expectPunctuation(")")
            return Expr(.exists(select), SourceRange(start, previousEnd))
        case "RAISE":
            throw problem("RAISE(…) is only for triggers; it is not supported in a query")
        case "SELECT":
            throw problem("a subquery must be in parentheses: (SELECT …)")
        default:
            if Self.reserved.contains(word) {
                throw problem("syntax error: expected an expression, found \(describe(position))")
            }
        }
        return try parseColumnOrFunction()
    }

    /// `name`, `table.name`, `schema.table.name`, or a function call `name(…)`.
    private mutating func parseColumnOrFunction() throws(LocatedProblem) -> Expr {
        let start = currentStart
        let first = try parseName("an expression")
        if !first.isQuoted, isPunctuation("(") {
            return try parseFunctionCall(first)
        }
        guard consumePunctuation(".") else {
            return Expr(.column(schema: nil, table: nil, column: first), SourceRange(start, previousEnd))
        }
        let second = try parseName("a column name")
        guard consumePunctuation(".") else {
            return Expr(.column(schema: nil, table: first, column: second), SourceRange(start, previousEnd))
        }
        let third = try parseName("a column name")
        guard ["main", "temp"].contains(first.text.lowercased()) else {
            throw LocatedProblem(
                offset: first.range.start,
                message:
                    "\(first.text).\(second.text): a query runs on the database's own schema (main); attached databases are not supported"
            )
        }
        return Expr(.column(schema: first, table: second, column: third), SourceRange(start, previousEnd))
    }

    private mutating func parseFunctionCall(_ name: Name) throws(LocatedProblem) -> Expr {
        try expectPunctuation("(")
        var distinct = false
        var star = false
        var arguments: [Expr] = []
        if consumePunctuation("*") {
            star = true
        } else if !isPunctuation(")") {
            distinct = consumeKeyword("DISTINCT")
            _ = distinct ? false : consumeKeyword("ALL")
            arguments = try parseExpressionList()
            if isKeyword("ORDER") {
                throw problem(
                    "ORDER BY inside an aggregate's arguments needs SQLite 3.44; this SQLite is older (order a subquery instead)"
                )
            }
        }
        try expectPunctuation(")")
        var filter: Expr?
        if consumeKeyword("FILTER") {
            try expectPunctuation("(")
            try expectKeyword("WHERE")
            filter = try parseExpression()
            try expectPunctuation(")")
        }
        var over: WindowSpec?
        var overName: Name?
        if consumeKeyword("OVER") {
            if isPunctuation("(") {
                over = try parseWindowSpec()
            } else {
                overName = try parseName("a window name or (window definition)")
            }
        }
        return Expr(
            .function(
                name, arguments: arguments, distinct: distinct, star: star, filter: filter, over: over,
                overName: overName),
            SourceRange(name.range.start, previousEnd)
        )
    }

    /// `CAST(x AS type)`, the type optionally annotated like a column: `CAST(? AS INTEGER
    /// AS Date USING unixTimeMilliseconds)`. The annotation is removed before SQLite sees it.
    private mutating func parseCast() throws(LocatedProblem) -> Expr {
        let start = currentStart
        try expectKeyword("CAST")
        try expectPunctuation("(")
        let operand = try parseExpression()
        try expectKeyword("AS")
        let typeStart = currentStart
        var words = 0
        while position < end, tokens[position].kind == .word, !isKeyword("AS") {
            advance()
            words += 1
        }
        if consumePunctuation("(") {
            while position < end, !isPunctuation(")") { advance() }
            try expectPunctuation(")")
        }
        guard words > 0 else {
            throw problem("syntax error: expected a type name after AS, found \(describe(position))")
        }
        let typeName = text(SourceRange(typeStart, previousEnd))
        var annotation: CastAnnotation?
        if isKeyword("AS") {
            let removalStart = previousEnd
            let annotationStart = currentStart
            advance()
            var name = try parseAnnotationName()
            while isPunctuation("."), position + 1 < end {
                advance()
                name += "." + (try parseAnnotationName())
            }
            var codec: String?
            if consumeKeyword("USING") { codec = try parseAnnotationName() }
            let removal = SourceRange(removalStart, previousEnd)
            recordRemoval(removal)
            annotation = CastAnnotation(
                typeName: name, codecName: codec, removal: removal, range: SourceRange(annotationStart, previousEnd))
        }
        try expectPunctuation(")")
        return Expr(.cast(operand, typeName: typeName, annotation: annotation), SourceRange(start, previousEnd))
    }

    private mutating func parseAnnotationName() throws(LocatedProblem) -> String {
        guard position < end else {
            throw problem("AS and USING must be followed by a name (e.g. CAST(? AS INTEGER AS Date))")
        }
        switch tokens[position].kind {
        case .word:
            advance()
            return text(position - 1)
        case .quotedIdentifier:
            advance()
            let name = unquoted(position - 1)
            return bytes[tokens[position - 1].start] == UInt8(ascii: "[") ? "[\(name)]" : name
        default:
            throw problem(
                "AS and USING must be followed by a name (e.g. CAST(? AS INTEGER AS Date)), found \(describe(position))"
            )
        }
    }

    private mutating func parseCase() throws(LocatedProblem) -> Expr {
        let start = currentStart
        try expectKeyword("CASE")
        var base: Expr?
        if !isKeyword("WHEN") { base = try parseExpression() }
        var whens: [(Expr, Expr)] = []
        while consumeKeyword("WHEN") {
            let condition = try parseExpression()
            try expectKeyword("THEN")
            whens.append((condition, try parseExpression()))
        }
        guard !whens.isEmpty else {
            throw problem("syntax error: CASE needs at least one WHEN, found \(describe(position))")
        }
        var otherwise: Expr?
        if consumeKeyword("ELSE") { otherwise = try parseExpression() }
        try expectKeyword("END")
        return Expr(.caseWhen(base: base, whens: whens, otherwise: otherwise), SourceRange(start, previousEnd))
    }

    /// The parameter at the current token, with `?` right after a named one (`:title?`)
    /// read as the optional-filter marker.
    mutating func parseParameterToken() -> ParameterToken {
        let token = tokens[position]
        advance()
        let raw = text(position - 1)
        let spelling: ParameterToken.Spelling
        if raw == "?" {
            spelling = .anonymous
        } else if raw.hasPrefix("?") {
            spelling = Int(raw.dropFirst()).map { .numbered($0) } ?? .named(String(raw.dropFirst()))
        } else {
            spelling = .named(String(raw.dropFirst()))
        }
        var isOptional = false
        var fullEnd = token.end
        if case .named = spelling, position < end, tokens[position].kind == .parameter,
            tokens[position].start == token.end, tokens[position].end == token.end + 1
        {
            isOptional = true
            fullEnd = tokens[position].end
            advance()
        }
        let parameter = ParameterToken(
            spelling: spelling, range: SourceRange(token.start, token.end), isOptional: isOptional,
            fullRange: SourceRange(token.start, fullEnd)
        )
        recordParameter(parameter)
        return parameter
    }
}
