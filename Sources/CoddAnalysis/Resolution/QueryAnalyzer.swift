import CoddSchema

/// Analyzes one query definition: parses its statements, resolves them together (one
/// named parameter is one input across them), and builds its inputs, output and the
/// pieces of SQL generated code runs. Problems are returned, located, never thrown.
package struct QueryAnalyzer {
    let file: QueryFileSyntax
    let catalog: SchemaCatalog
    let types: TypeCatalog
    let functions: [String: FunctionSignature]

    package init(
        file: QueryFileSyntax, catalog: SchemaCatalog, types: TypeCatalog, functions: [String: FunctionSignature]
    ) {
        self.file = file
        self.catalog = catalog
        self.types = types
        self.functions = functions
    }

    private struct ParsedStatement {
        var statement: Statement
        var parameters: [ParameterToken]
        var removals: [SourceRange]
        var range: SourceRange
    }

    package func analyze(_ definition: QueryDefinitionSyntax) -> (AnalyzedQuery?, [LocatedProblem]) {
        var problems: [LocatedProblem] = []
        let name = definition.name.text
        if !SwiftNaming.isPlainIdentifier(name) {
            let reason =
                SwiftNaming.keywords.contains(name)
                ? "\(name) is a Swift keyword; name the query otherwise (\(name)Query)"
                : "\(name) is not a Swift identifier: a query's name is letters, digits and _"
            return (nil, [LocatedProblem(offset: definition.name.range.start, message: reason)])
        }
        for custom in [definition.inputName, definition.outputName].compactMap({ $0 })
        where !SwiftNaming.isPlainIdentifier(custom.text) {
            problems.append(
                LocatedProblem(offset: custom.range.start, message: "\(custom.text) is not a Swift type name"))
        }
        var parsed: [ParsedStatement] = []
        for range in definition.statements {
            var parser = SQLParser(bytes: file.bytes, tokens: file.tokens, range: range)
            do {
                let statement = try parser.parseStatement()
                parsed.append(
                    ParsedStatement(
                        statement: statement, parameters: parser.parameters, removals: parser.removals,
                        range: SourceRange(file.tokens[range.lowerBound].start, file.tokens[range.upperBound - 1].end)
                    ))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { return (nil, problems) }

        var resolver = StatementResolver(catalog: catalog, types: types, functions: functions, bytes: file.bytes)
        var results: [ResolvedSelect?] = []
        for (index, statement) in parsed.enumerated() {
            resolver.statementIndex = index
            results.append(resolver.resolve(statement.statement))
        }
        problems += resolver.problems
        for (index, result) in results.enumerated().dropLast() where (result?.cardinality ?? .none) != .none {
            problems.append(
                LocatedProblem(
                    offset: parsed[index].range.start,
                    message:
                        "only a definition's last statement returns rows (its output); an earlier one must be a write without RETURNING"
                ))
        }

        // Inputs.
        let tokens = parsed.enumerated().flatMap { index, statement in statement.parameters.map { (index, $0) } }
        for (_, token) in tokens where token.isOptional && !resolver.claimedOptionals.contains(token.range.start) {
            problems.append(
                LocatedProblem(
                    offset: token.range.start,
                    message:
                        "an optional filter (\(file.text(token.range))?) stands only in a WHERE, ON or HAVING condition, where nil drops the AND term holding it"
                ))
        }
        let (inputs, inputOf, inputProblems) = buildInputs(tokens, resolver.uses, reportUntyped: problems.isEmpty)
        problems += inputProblems
        var inputTypeName: String?
        let typeName = SwiftNaming.capitalized(name)
        if let custom = definition.inputName {
            if inputs.isEmpty {
                problems.append(
                    LocatedProblem(offset: custom.range.start, message: "\(name) takes no input to name \(custom.text)")
                )
            }
            inputTypeName = custom.text
        } else if inputs.count > 1 {
            inputTypeName = "\(typeName)Input"
        }

        // Output: the last statement's.
        var row: RowShape?
        var cardinality = Cardinality.none
        if let last = results.last, let result = last {
            cardinality = result.cardinality
            if cardinality != .none {
                let (shape, outputProblems) = buildRow(
                    result, outputName: definition.outputName?.text ?? "\(typeName)Output",
                    hasProblems: !problems.isEmpty)
                row = shape
                problems += outputProblems
            }
        }
        guard problems.isEmpty else { return (nil, problems) }

        var statements: [AnalyzedStatement] = []
        for (index, statement) in parsed.enumerated() {
            let pieces = buildPieces(statement, inputOf: inputOf, uses: resolver.uses, terms: resolver.optionalTerms)
            let (checkSQL, checkOffsets) = buildCheckSQL(statement)
            let result = results[index]
            statements.append(
                AnalyzedStatement(
                    pieces: pieces, returnsRows: (result?.cardinality ?? .none) != .none,
                    isWrite: { if case .select = statement.statement { false } else { true } }(),
                    location: file.location(statement.range.start), checkSQL: checkSQL, checkOffsets: checkOffsets,
                    resultColumnNames: result?.columns.map { $0.isUnnamed ? "" : $0.name } ?? [], lines: file.lines
                ))
        }
        let query = AnalyzedQuery(
            name: name, typeName: typeName, documentation: definition.documentation, inputs: inputs,
            inputTypeName: inputTypeName, cardinality: cardinality, row: row, statements: statements,
            location: file.location(definition.name.range.start)
        )
        return (query, [])
    }

    // MARK: Inputs

    /// The inputs, in order of first appearance, and the input of each parameter token
    /// (by its start). One named parameter is one input wherever it stands; each `?` is
    /// its own; `?NNN` is one per number.
    private func buildInputs(
        _ tokens: [(Int, ParameterToken)], _ uses: [Int: ParameterUse], reportUntyped: Bool
    ) -> ([QueryInput], [Int: Int], [LocatedProblem]) {
        var problems: [LocatedProblem] = []
        var order: [String] = []
        var members: [String: [ParameterToken]] = [:]
        var anonymous = [Int: Int]()
        for (statement, token) in tokens {
            let key: String
            switch token.spelling {
            case .named(let name):
                let sigil = file.text(SourceRange(token.range.start, token.range.start + 1))
                key = "name:\(sigil)\(name)"
            case .numbered(let number):
                key = "number:\(number)"
            case .anonymous:
                anonymous[statement, default: 0] += 1
                key = "anonymous:\(token.range.start)"
            }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(token)
        }
        var inputs: [QueryInput] = []
        var inputOf: [Int: Int] = [:]
        var taken: Set<String> = []
        // Named parameters keep their names; the others take their column's.
        var names: [String: String] = [:]
        for key in order where key.hasPrefix("name:") {
            guard let first = members[key]?.first, case .named(let raw) = first.spelling else { continue }
            guard let name = SwiftNaming.propertyName(raw) else {
                problems.append(
                    LocatedProblem(
                        offset: first.range.start, message: "parameter name \(raw) is not a Swift identifier"))
                continue
            }
            if taken.contains(SwiftNaming.bare(name)) {
                problems.append(
                    LocatedProblem(
                        offset: first.range.start,
                        message:
                            "two parameters are named \(raw) with different prefixes (:, @, $): SQLite binds them separately; write one spelling"
                    ))
                continue
            }
            taken.insert(SwiftNaming.bare(name))
            names[key] = name
        }
        for key in order where names[key] == nil && !key.hasPrefix("name:") {
            let hint = members[key]?.lazy.compactMap { uses[$0.range.start]?.expectation?.name }.first
            let base = SwiftNaming.bare(hint.flatMap(SwiftNaming.propertyName) ?? "value")
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            names[key] = SwiftNaming.keywords.contains(candidate) ? "`\(candidate)`" : candidate
        }
        for key in order {
            guard let name = names[key], let tokens = members[key], let first = tokens.first else { continue }
            var type: ValueType?
            var typedAt: ParameterToken?
            var allowsNil = true
            var isArray: Bool?
            var isFilter: Bool?
            var failed = false
            for token in tokens {
                if let filter = isFilter, filter != token.isOptional {
                    problems.append(
                        LocatedProblem(
                            offset: token.range.start,
                            message:
                                "\(file.text(token.range)) is an optional filter elsewhere: mark every use with '?' or none"
                        ))
                    failed = true
                }
                isFilter = token.isOptional
                guard let expectation = uses[token.range.start]?.expectation else { continue }
                if let array = isArray, array != expectation.isArray {
                    problems.append(
                        LocatedProblem(
                            offset: token.range.start,
                            message: "\(file.text(token.range)) is a list after IN elsewhere and a single value here"))
                    failed = true
                }
                isArray = expectation.isArray
                if let known = type, known.swiftName != expectation.type.swiftName, let typedAt {
                    let at = file.location(typedAt.range.start)
                    problems.append(
                        LocatedProblem(
                            offset: token.range.start,
                            message:
                                "\(file.text(token.range)) is \(expectation.type.swiftName) here but \(known.swiftName) at \(at.line):\(at.column)"
                        ))
                    failed = true
                }
                if type == nil {
                    type = expectation.type
                    typedAt = token
                }
                allowsNil = allowsNil && expectation.allowsNil
            }
            guard let type else {
                // A parameter beside a name already reported unknown is untyped for that
                // reason alone: one error, at the cause.
                guard reportUntyped else { continue }
                let written = file.text(first.range)
                let cast =
                    "CAST(\(written) AS INTEGER) (or REAL, TEXT, BLOB, or an annotated type: CAST(\(written) AS INTEGER AS Date))"
                // Against a column that declares no type: the fix is in the schema.
                let message =
                    if let column = tokens.lazy.compactMap({ uses[$0.range.start]?.untypedColumn }).first {
                        "the type of parameter \(written) cannot be inferred: column \(column) declares no type; declare its storage class in the migration (\(column) INTEGER, or in an FTS5 table \(column) INTEGER UNINDEXED, which Codd strips before SQLite sees it), or state it: \(cast)"
                    } else {
                        "the type of parameter \(written) cannot be inferred from where it stands; compare it with a column, or state it: \(cast)"
                    }
                problems.append(LocatedProblem(offset: first.range.start, message: message))
                continue
            }
            if failed { continue }
            let index = inputs.count
            inputs.append(
                QueryInput(
                    name: name, type: type, isOptional: (isFilter ?? false) || allowsNil, isArray: isArray ?? false,
                    isFilter: isFilter ?? false
                ))
            for token in tokens { inputOf[token.range.start] = index }
        }
        return (inputs, inputOf, problems)
    }

    // MARK: Output

    private func buildRow(_ result: ResolvedSelect, outputName: String, hasProblems: Bool) -> (
        RowShape?, [LocatedProblem]
    ) {
        var problems: [LocatedProblem] = []
        let columns = result.columns
        guard !columns.isEmpty else { return (nil, problems) }
        // One table's rows.
        if let group = columns.first?.star, columns.allSatisfy({ $0.star == group }),
            let source = result.starSources[group.sourceID], let embedded = embeddable(source, columns)
        {
            if !source.isNullable {
                return (.table(rowType: embedded.rowType, tableName: embedded.tableName), problems)
            }
        }
        for column in columns where column.type.value == nil {
            if !hasProblems {
                problems.append(
                    LocatedProblem(
                        offset: column.range.start,
                        message: "the type of column \(column.name) cannot be inferred; cast it: CAST(… AS TEXT)"))
            }
            return (nil, problems)
        }
        if columns.count == 1, columns[0].star.map({ result.starSources[$0.sourceID]?.table == nil }) ?? true {
            guard let value = columns[0].type.value else { return (nil, problems) }
            return (.single(value, isOptional: columns[0].type.isNullable), problems)
        }
        var fields: [OutputField] = []
        var names: Set<String> = []
        var index = 0
        while index < columns.count {
            let column = columns[index]
            if let group = column.star, let source = result.starSources[group.sourceID] {
                let run = columns[index...].prefix { $0.star == group && $0.type.column?.sourceID == source.id }
                if let embedded = embeddable(source, Array(run)) {
                    var name =
                        SwiftNaming.propertyName(SwiftNaming.bare(SwiftNaming.propertyName(source.name) ?? "")) ?? ""
                    if let first = name.first, first.isUppercase { name = first.lowercased() + name.dropFirst() }
                    if name.isEmpty {
                        problems.append(
                            LocatedProblem(
                                offset: column.range.start,
                                message:
                                    "\(source.name) is not a Swift name for its embedded row: alias the table (FROM \"\(source.name)\" AS name)"
                            ))
                    } else if !names.insert(SwiftNaming.bare(name)).inserted {
                        problems.append(
                            LocatedProblem(
                                offset: column.range.start,
                                message: "two result fields are named \(name): alias the tables"))
                    }
                    fields.append(
                        .embedded(
                            name: name, rowType: embedded.rowType, tableName: embedded.tableName,
                            columnCount: run.count,
                            isOptional: source.isNullable, presenceColumn: source.isNullable ? embedded.presence : nil
                        ))
                    index += run.count
                    continue
                }
            }
            var name: String?
            if column.isUnnamed {
                name = column.functionName.flatMap(SwiftNaming.propertyName)
                if name == nil {
                    problems.append(
                        LocatedProblem(
                            offset: column.range.start,
                            message: "name this column with AS (\(column.name) AS name): a struct field needs a name"))
                }
            } else {
                name = SwiftNaming.propertyName(column.name)
                if name == nil {
                    problems.append(
                        LocatedProblem(
                            offset: column.range.start,
                            message: "\(column.name) is not a Swift name: alias the column (AS name)"))
                }
            }
            if let name, let value = column.type.value {
                if !names.insert(SwiftNaming.bare(name)).inserted {
                    problems.append(
                        LocatedProblem(
                            offset: column.range.start,
                            message:
                                "two result columns are named \(SwiftNaming.bare(name)): alias one of them (AS otherName)"
                        ))
                }
                fields.append(
                    .column(name: name, sqlName: column.name, type: value, isOptional: column.type.isNullable))
            }
            index += 1
        }
        return (.structure(name: outputName, fields: fields), problems)
    }

    /// A run of result columns that is a whole table row, in the table's order, of a table
    /// with a row type: it reads as that type. The presence column is the offset of one
    /// that is never NULL in a row that exists.
    private func embeddable(_ source: ScopeSource, _ run: [ResolvedColumn]) -> (
        rowType: String, tableName: String, presence: Int?
    )? {
        guard let table = source.table, let rowType = table.rowType, table.kind != .view,
            run.count == table.columns.count,
            zip(run, table.columns).allSatisfy({ SQLSchema.sameName($0.name, $1.name) })
        else { return nil }
        return (rowType, table.name, table.columns.firstIndex { !$0.isNullable })
    }

    // MARK: SQL

    private enum EditKind {
        case replace(SQLPiece)
        case optional(inputs: [Int])
    }

    private struct Edit {
        var range: SourceRange
        var kind: EditKind
    }

    private func buildPieces(
        _ statement: ParsedStatement, inputOf: [Int: Int], uses: [Int: ParameterUse], terms: [OptionalTerm]
    ) -> [SQLPiece] {
        var edits: [Edit] = statement.removals.map { Edit(range: $0, kind: .replace(.text(""))) }
        for token in statement.parameters {
            guard let input = inputOf[token.range.start] else { continue }
            let expectation = uses[token.range.start]?.expectation
            let representation = expectation?.type.representation ?? "Never"
            edits.append(
                Edit(
                    range: token.fullRange,
                    kind: .replace(
                        expectation?.isArray == true
                            ? .list(input: input, representation: representation)
                            : .bind(input: input, representation: representation))))
        }
        for term in terms where term.range.start >= statement.range.start && term.range.end <= statement.range.end {
            let inputs = term.parameterStarts.compactMap { inputOf[$0] }
            edits.append(Edit(range: term.range, kind: .optional(inputs: Array(Set(inputs)).sorted())))
        }
        edits.sort { $0.range.start != $1.range.start ? $0.range.start < $1.range.start : $0.range.end > $1.range.end }
        return pieces(statement.range, edits[...])
    }

    private func pieces(_ range: SourceRange, _ edits: ArraySlice<Edit>) -> [SQLPiece] {
        var result: [SQLPiece] = []
        var position = range.start
        var index = edits.startIndex
        while index < edits.endIndex {
            let edit = edits[index]
            guard edit.range.start >= position else {
                index += 1
                continue
            }
            Self.append(text: file.text(SourceRange(position, edit.range.start)), to: &result)
            var end = index + 1
            while end < edits.endIndex, edits[end].range.start < edit.range.end { end += 1 }
            switch edit.kind {
            case .replace(.text(let text)):
                Self.append(text: text, to: &result)
            case .replace(let piece):
                result.append(piece)
            case .optional(let inputs):
                result.append(.optional(inputs: inputs, pieces: pieces(edit.range, edits[(index + 1)..<end])))
            }
            position = edit.range.end
            index = end
        }
        Self.append(text: file.text(SourceRange(position, range.end)), to: &result)
        return result
    }

    /// Appends text, joined to the text piece before it.
    private static func append(text: String, to pieces: inout [SQLPiece]) {
        guard !text.isEmpty else { return }
        if case .text(let previous)? = pieces.last {
            pieces[pieces.count - 1] = .text(previous + text)
        } else {
            pieces.append(.text(text))
        }
    }

    /// The statement as SQLite checks it: annotations removed, `:x?` as `:x`, `IN ?` as
    /// `IN (?)`; with the file offset of each of its bytes.
    private func buildCheckSQL(_ statement: ParsedStatement) -> (String, [Int]) {
        var edits: [(SourceRange, String)] = statement.removals.map { ($0, "") }
        for token in statement.parameters {
            if token.isOptional { edits.append((SourceRange(token.range.end, token.fullRange.end), "")) }
        }
        inParameters(statement.statement).forEach { token in
            edits.append((token.range, "(" + file.text(token.range) + ")"))
        }
        edits.sort { $0.0.start < $1.0.start }
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var position = statement.range.start
        for (range, replacement) in edits where range.start >= position {
            for offset in position..<range.start {
                bytes.append(file.bytes[offset])
                offsets.append(offset)
            }
            for byte in replacement.utf8 {
                bytes.append(byte)
                offsets.append(range.start)
            }
            position = range.end
        }
        for offset in position..<statement.range.end {
            bytes.append(file.bytes[offset])
            offsets.append(offset)
        }
        return (String(decoding: bytes, as: UTF8.self), offsets)
    }

    private func inParameters(_ statement: Statement) -> [ParameterToken] {
        var found: [ParameterToken] = []
        SyntaxWalker.walk(statement) { expr in
            if case .inParameter(_, let token, _) = expr.kind { found.append(token) }
        }
        return found
    }
}
