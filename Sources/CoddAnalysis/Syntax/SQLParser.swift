import CoddCore
import CoddSchema

/// A recursive-descent parser for the statements a query definition may hold: SELECT
/// (with CTEs, joins, compound selects, window functions, table-valued functions),
/// INSERT (with upserts), UPDATE and DELETE, each with RETURNING. Everything else is a
/// located error naming the construct, never a crash: nesting is capped, and every token
/// access is bounds-checked.
package struct SQLParser {
    package let bytes: [UInt8]
    package let tokens: [SQLToken]
    /// The next token.
    package var position: Int
    /// One past the statement's last token.
    package let end: Int
    /// Every parameter, in the order written.
    package private(set) var parameters: [ParameterToken] = []
    /// Annotations to strip (`AS UUID` of `CAST(x AS TEXT AS UUID)`).
    package private(set) var removals: [SourceRange] = []
    private var depth = 0

    /// How deep expressions and subqueries may nest, chains of operators included:
    /// SQLite's own limit (SQLITE_MAX_EXPR_DEPTH, 1,000). Deeper input is refused here
    /// rather than walked recursively.
    package static let maximumDepth = 1_000

    static let depthMessage =
        "the expression is more than 1,000 levels deep (nested or chained), SQLite's limit; simplify it"

    package init(bytes: [UInt8], tokens: [SQLToken], range: Range<Int>) {
        self.bytes = bytes
        self.tokens = tokens
        self.position = range.lowerBound
        self.end = range.upperBound
    }

    // MARK: Statements

    /// Parses one statement, which must use every token of the range.
    package mutating func parseStatement() throws(LocatedProblem) -> Statement {
        let statement = try parseStatementBody()
        if position < end {
            // `SELECT * FORM todo`, `… WHERE id = 1 ODER BY name`: the statement ends where
            // a clause keyword is misspelled. The word it stops at comes first: in
            // `ORDER BY date LIMT 10` the mistake is LIMT, not the column before it.
            if tokens[position].kind == .word, let keyword = KeywordSuggestion.keyword(nearest: text(position)) {
                throw problem("syntax error: unexpected \(describe(position)); did you mean \(keyword)?")
            }
            // `SELECT name FORM todo`: FORM was read as an alias; the mistake is there. Only a
            // word of about a keyword's length (a column `date` is not a misspelled UPDATE).
            if position > 0, tokens[position - 1].kind == .word,
                let keyword = KeywordSuggestion.keyword(nearest: text(position - 1), sameLengthWithin: 1)
            {
                throw LocatedProblem(
                    offset: tokens[position - 1].start,
                    message:
                        "syntax error: '\(text(position - 1))' reads as an alias here, then \(describe(position)) makes no sense; did you mean \(keyword)?"
                )
            }
            throw problem("syntax error: unexpected \(describe(position)) after the end of the statement")
        }
        return statement
    }

    private mutating func parseStatementBody() throws(LocatedProblem) -> Statement {
        guard position < end else { throw problem("the definition holds no statement") }
        let start = tokens[position].start
        var with: WithClause?
        if isKeyword("WITH") {
            with = try parseWith()
        }
        if isKeyword("SELECT") || isKeyword("VALUES") {
            var select = try parseSelect(with: with)
            select.range.start = start
            return .select(select)
        }
        if isKeyword("INSERT") || isKeyword("REPLACE") {
            return .insert(try parseInsert(with: with, start: start))
        }
        if isKeyword("UPDATE") {
            return .update(try parseUpdate(with: with, start: start))
        }
        if isKeyword("DELETE") {
            return .delete(try parseDelete(with: with, start: start))
        }
        throw unsupportedStatement()
    }

    private func unsupportedStatement() -> LocatedProblem {
        let word = position < end && tokens[position].kind == .word ? text(position).uppercased() : ""
        let reason =
            switch word {
            case "CREATE", "DROP", "ALTER":
                "\(word) belongs in a migration (Migrations/N.sql), not in a query"
            case "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE":
                "\(word): a definition runs in a transaction of its own; remove the transaction control"
            case "PRAGMA":
                "PRAGMA is not a query; set it on the database (Configuration.prepareDatabase)"
            case "ATTACH", "DETACH":
                "\(word): a query runs on the database's own schema; attached databases are not supported"
            case "EXPLAIN":
                "EXPLAIN is not supported in a query definition"
            case "VACUUM", "ANALYZE", "REINDEX":
                "\(word) is maintenance, not a query; run it with db.execute"
            default:
                "expected SELECT, VALUES, INSERT, REPLACE, UPDATE, DELETE or WITH, found \(describe(position))"
                    + suggestion(among: KeywordSuggestion.statementKeywords)
            }
        return problem(reason)
    }

    mutating func parseWith() throws(LocatedProblem) -> WithClause {
        try expectKeyword("WITH")
        let recursive = consumeKeyword("RECURSIVE")
        var tables: [CommonTableExpression] = []
        repeat {
            let start = currentStart
            let name = try parseName("a common table expression's name")
            var columns: [Name]?
            if consumePunctuation("(") {
                columns = try parseNameList("a column name")
                try expectPunctuation(")")
            }
            try expectKeyword("AS")
            if consumeKeyword("NOT") { try expectKeyword("MATERIALIZED") } else { _ = consumeKeyword("MATERIALIZED") }
            try expectPunctuation("(")
            let select = try nested { (parser: inout SQLParser) throws(LocatedProblem) in
                try parser.parseSelect(with: nil)
            }
            try expectPunctuation(")")
            tables.append(
                CommonTableExpression(
                    name: name, columns: columns, select: select, range: SourceRange(start, previousEnd)))
        } while consumePunctuation(",")
        return WithClause(isRecursive: recursive, tables: tables)
    }

    private mutating func parseInsert(with: WithClause?, start: Int) throws(LocatedProblem) -> InsertStatement {
        var action: String?
        if consumeKeyword("REPLACE") {
            action = "REPLACE"
        } else {
            try expectKeyword("INSERT")
            if consumeKeyword("OR") { action = try parseConflictAction() }
        }
        try expectKeyword("INTO")
        let table = try parseQualifiedTableName()
        var alias: Name?
        if consumeKeyword("AS") { alias = try parseName("an alias") }
        var columns: [Name]?
        if consumePunctuation("(") {
            columns = try parseNameList("a column name")
            try expectPunctuation(")")
        }
        let source: InsertSource
        if consumeKeyword("DEFAULT") {
            try expectKeyword("VALUES")
            source = .defaultValues
        } else if isKeyword("VALUES") {
            advance()
            source = .values(try parseValueRows())
        } else if isKeyword("SELECT") || isKeyword("WITH") {
            var innerWith: WithClause?
            if isKeyword("WITH") { innerWith = try parseWith() }
            source = .select(try parseSelect(with: innerWith))
        } else {
            throw problem(
                "expected VALUES, SELECT or DEFAULT VALUES, found \(describe(position))"
                    + suggestion(among: ["VALUES", "SELECT", "DEFAULT"]))
        }
        var upserts: [Upsert] = []
        while isKeyword("ON") && isKeyword("CONFLICT", at: position + 1) {
            position += 2
            upserts.append(try parseUpsert())
        }
        let returning = try parseReturning()
        return InsertStatement(
            with: with, conflictAction: action, table: table, alias: alias, columns: columns, source: source,
            upserts: upserts, returning: returning, range: SourceRange(start, previousEnd)
        )
    }

    private mutating func parseConflictAction() throws(LocatedProblem) -> String {
        for action in ["ROLLBACK", "ABORT", "REPLACE", "FAIL", "IGNORE"] where isKeyword(action) {
            advance()
            return action
        }
        throw problem("expected ROLLBACK, ABORT, REPLACE, FAIL or IGNORE after OR, found \(describe(position))")
    }

    private mutating func parseUpsert() throws(LocatedProblem) -> Upsert {
        var target: [Expr] = []
        var targetWhere: Expr?
        if consumePunctuation("(") {
            repeat {
                target.append(try parseOrdering().expr)
            } while consumePunctuation(",")
            try expectPunctuation(")")
            if consumeKeyword("WHERE") { targetWhere = try parseExpression() }
        }
        try expectKeyword("DO")
        if consumeKeyword("NOTHING") {
            return Upsert(target: target, targetWhere: targetWhere, update: nil, updateWhere: nil)
        }
        try expectKeyword("UPDATE")
        try expectKeyword("SET")
        let set = try parseSetClauses()
        var updateWhere: Expr?
        if consumeKeyword("WHERE") { updateWhere = try parseExpression() }
        return Upsert(target: target, targetWhere: targetWhere, update: set, updateWhere: updateWhere)
    }

    private mutating func parseUpdate(with: WithClause?, start: Int) throws(LocatedProblem) -> UpdateStatement {
        try expectKeyword("UPDATE")
        var action: String?
        if consumeKeyword("OR") { action = try parseConflictAction() }
        let table = try parseQualifiedTableName()
        var alias: Name?
        if consumeKeyword("AS") { alias = try parseName("an alias") }
        try skipIndexHint()
        try expectKeyword("SET")
        let set = try parseSetClauses()
        var from: FromClause?
        if consumeKeyword("FROM") { from = try parseFrom() }
        var whereClause: Expr?
        if consumeKeyword("WHERE") { whereClause = try parseExpression() }
        let returning = try parseReturning()
        if isKeyword("ORDER") || isKeyword("LIMIT") {
            throw problem(
                "UPDATE … ORDER BY / LIMIT needs SQLite built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT; select the rows in a subquery instead (WHERE rowid IN (SELECT … LIMIT …))"
            )
        }
        return UpdateStatement(
            with: with, conflictAction: action, table: table, alias: alias, set: set, from: from,
            whereClause: whereClause, returning: returning, range: SourceRange(start, previousEnd)
        )
    }

    private mutating func parseSetClauses() throws(LocatedProblem) -> [SetClause] {
        var clauses: [SetClause] = []
        repeat {
            var columns: [Name]
            if consumePunctuation("(") {
                columns = try parseNameList("a column name")
                try expectPunctuation(")")
            } else {
                columns = [try parseName("a column name")]
            }
            try expectOperator("=")
            clauses.append(SetClause(columns: columns, value: try parseExpression()))
        } while consumePunctuation(",")
        return clauses
    }

    private mutating func parseDelete(with: WithClause?, start: Int) throws(LocatedProblem) -> DeleteStatement {
        try expectKeyword("DELETE")
        try expectKeyword("FROM")
        let table = try parseQualifiedTableName()
        var alias: Name?
        if consumeKeyword("AS") { alias = try parseName("an alias") }
        try skipIndexHint()
        var whereClause: Expr?
        if consumeKeyword("WHERE") { whereClause = try parseExpression() }
        let returning = try parseReturning()
        if isKeyword("ORDER") || isKeyword("LIMIT") {
            throw problem(
                "DELETE … ORDER BY / LIMIT needs SQLite built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT; select the rows in a subquery instead (WHERE rowid IN (SELECT … LIMIT …))"
            )
        }
        return DeleteStatement(
            with: with, table: table, alias: alias, whereClause: whereClause, returning: returning,
            range: SourceRange(start, previousEnd)
        )
    }

    private mutating func parseReturning() throws(LocatedProblem) -> [ResultColumn]? {
        guard consumeKeyword("RETURNING") else { return nil }
        return try parseResultColumns()
    }

    /// `table` or `schema.table` (the schema is checked by the resolver).
    private mutating func parseQualifiedTableName() throws(LocatedProblem) -> Name {
        let first = try parseName("a table name")
        if consumePunctuation(".") {
            let table = try parseName("a table name")
            guard ["main", "temp"].contains(first.text.lowercased()) else {
                throw LocatedProblem(
                    offset: first.range.start,
                    message:
                        "\(first.text).\(table.text): a query runs on the database's own schema (main); attached databases are not supported"
                )
            }
            return table
        }
        return first
    }

    mutating func skipIndexHint() throws(LocatedProblem) {
        if consumeKeyword("INDEXED") {
            try expectKeyword("BY")
            _ = try parseName("an index name")
        } else if isKeyword("NOT") && isKeyword("INDEXED", at: position + 1) {
            position += 2
        }
    }

    /// `; did you mean SELECT?` when the current token is a word close to one of
    /// `keywords`, or nothing.
    func suggestion(among keywords: [String]) -> String {
        guard position < end, tokens[position].kind == .word,
            let keyword = KeywordSuggestion.keyword(nearest: text(position), among: keywords)
        else { return "" }
        return "; did you mean \(keyword)?"
    }

    // MARK: Nesting

    /// Runs `body` one level deeper, refusing input nested beyond ``maximumDepth``.
    mutating func nested<T>(_ body: (inout SQLParser) throws(LocatedProblem) -> T) throws(LocatedProblem) -> T {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw problem(Self.depthMessage)
        }
        return try body(&self)
    }

    mutating func recordParameter(_ parameter: ParameterToken) {
        parameters.append(parameter)
    }

    mutating func recordRemoval(_ range: SourceRange) {
        removals.append(range)
    }
}
