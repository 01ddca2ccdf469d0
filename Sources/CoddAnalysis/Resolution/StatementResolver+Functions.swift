extension StatementResolver {
    /// Names for parameters standing as a function's arguments, by function.
    private static let argumentNames: [String: [String]] = [
        "date": ["date", "modifier"], "time": ["date", "modifier"], "datetime": ["date", "modifier"],
        "julianday": ["date", "modifier"], "unixepoch": ["date", "modifier"],
        "strftime": ["format", "date", "modifier"],
        "substr": ["text", "start", "length"], "substring": ["text", "start", "length"], "instr": ["text", "search"],
        "round": ["value", "digits"], "like": ["pattern", "text", "escape"], "glob": ["pattern", "text"],
        "replace": ["text", "search", "replacement"], "printf": ["format"], "format": ["format"],
        "json_extract": ["json", "path"], "json_insert": ["json", "path"], "json_replace": ["json", "path"],
        "json_set": ["json", "path"], "json_remove": ["json", "path"], "json_type": ["json", "path"],
        "json_array_length": ["json", "path"], "json_valid": ["json"], "json": ["json"],
        "json_patch": ["json", "patch"],
        "ntile": ["buckets"], "lag": ["value", "offset"], "lead": ["value", "offset"], "nth_value": ["value", "n"],
        "highlight": ["table", "column", "open", "close"],
        "snippet": ["table", "column", "open", "close", "ellipsis", "tokens"],
        "bm25": ["table", "weight"], "randomblob": ["count"], "zeroblob": ["count"], "char": ["code"],
    ]

    mutating func typeFunction(_ expr: Expr, _ scope: Scope, _ expected: Expectation?) -> ExprType {
        guard case .function(let name, let arguments, _, let star, let filter, let over, let overName) = expr.kind
        else { return .unknown }
        let lower = name.text.lowercased()
        var signature = functions[lower]
        if lower == "max" || lower == "min", arguments.count == 1 {
            signature = FunctionSignature(
                kind: .aggregate, arity: 1...1, arguments: [.common], result: .common, nullability: .overRows)
        }
        guard let signature else {
            if let version = FunctionCatalog.newer[lower] {
                report(
                    name.range.start,
                    "\(name.text)() needs SQLite \(version); this SQLite is 3.40 (Debian 12's), which has no \(name.text)"
                )
            } else if FunctionCatalog.tableValued[lower] != nil {
                report(
                    name.range.start,
                    "\(name.text) is a table-valued function: use it in FROM (FROM \(name.text)(…)) or after IN")
            } else {
                report(
                    name.range.start,
                    "no such function: \(name.text) (an app function is declared in codd.json's \"functions\")")
            }
            for argument in arguments { _ = typeOf(argument, scope, nil) }
            return .unknown
        }
        if star {
            if lower != "count" { report(name.range.start, "\(name.text)(*): only count takes *") }
        } else if !signature.arity.contains(arguments.count) {
            let expects =
                signature.arity.upperBound == Int.max
                ? "at least \(signature.arity.lowerBound)"
                : signature.arity.lowerBound == signature.arity.upperBound
                    ? "\(signature.arity.lowerBound)" : "\(signature.arity.lowerBound) to \(signature.arity.upperBound)"
            report(
                name.range.start,
                "wrong number of arguments to \(name.text): it takes \(expects), given \(arguments.count)")
        }
        let windowed = over != nil || overName != nil
        switch signature.kind {
        case .window where !windowed:
            report(name.range.start, "\(name.text)() is a window function: it needs OVER (…)")
        case .scalar where windowed:
            report(name.range.start, "\(name.text)() is not a window or aggregate function: it cannot take OVER")
        case .scalar where filter != nil, .window where filter != nil:
            report(name.range.start, "FILTER applies to aggregate functions only; \(name.text)() is not one")
        default:
            break
        }
        if signature.kind == .aggregate, !windowed { scope.aggregateCount += 1 }
        if let filter { _ = typeOf(filter, scope, Expectation(type: .bool, name: nil)) }
        if let over {
            for term in over.partitionBy { _ = typeOf(term, scope, nil) }
            for term in over.orderBy { checkOrdering(term.expr, typeOf(term.expr, scope, nil)) }
            for term in over.frameExpressions { _ = typeOf(term, scope, Expectation(type: .int, name: "offset")) }
        }
        if let overName, !Self.windowDefined(overName.text, scope) {
            report(overName.range.start, "no such window: \(overName.text) (define it: WINDOW \(overName.text) AS (…))")
        }

        let names = Self.argumentNames[lower] ?? []
        func hint(_ index: Int) -> String {
            index < names.count ? names[index] : names.last ?? "value"
        }
        var argumentTypes = [ExprType?](repeating: nil, count: arguments.count)
        // Common arguments first, together; then numbers; then the rest.
        let commonIndices = arguments.indices.filter {
            if case .common = signature.argument($0) { true } else { false }
        }
        var common = ExprType.unknown
        if !commonIndices.isEmpty {
            let typed = typeCommonEach(commonIndices.map { arguments[$0] }, scope, expected)
            common = typed.common
            for (position, index) in commonIndices.enumerated() { argumentTypes[index] = typed.each[position] }
            if let value = common.value {
                for index in commonIndices where Self.isParameterLike(arguments[index]) {
                    argumentTypes[index] = typeOf(
                        arguments[index], scope,
                        Expectation(
                            type: value, name: expected?.name ?? hint(index), allowsNil: expected?.allowsNil ?? false))
                }
            }
        }
        let numericIndices = arguments.indices.filter {
            if case .numeric = signature.argument($0) { true } else { false }
        }
        var numeric: ValueType?
        for index in numericIndices where !Self.isParameterLike(arguments[index]) {
            let type = typeOf(arguments[index], scope, nil)
            argumentTypes[index] = type
            if let value = type.value {
                numeric = (numeric == .double || value.base == .double) ? .double : (value.isNumeric ? .int : numeric)
            }
        }
        for index in numericIndices where Self.isParameterLike(arguments[index]) {
            argumentTypes[index] = typeOf(
                arguments[index], scope, numeric.map { Expectation(type: $0, name: hint(index)) })
        }
        for (index, argument) in arguments.enumerated() where argumentTypes[index] == nil {
            switch signature.argument(index) {
            case .fixed(let type):
                argumentTypes[index] = typeOf(argument, scope, Expectation(type: type, name: hint(index)))
            case .fts5Table:
                let type = typeOf(argument, scope, nil)
                if case .column = argument.kind {
                } else {
                    report(
                        argument.range.start,
                        "\(name.text)()'s first argument is the FTS5 table's name (\(name.text)(searchIndex, …))")
                }
                argumentTypes[index] = type
            default:
                argumentTypes[index] = typeOf(argument, scope, nil)
            }
        }

        // A value whose stored form neither orders nor adds as its type (a Decimal's text).
        switch lower {
        case "min", "max":
            checkPicking(lower, Array(zip(arguments, argumentTypes.map { $0 ?? .unknown })))
        case "sum", "avg", "total":
            if let type = argumentTypes.first ?? nil { checkArithmetic(arguments[0], type, "\(lower)()") }
        default:
            break
        }

        let result: ValueType?
        switch signature.result {
        case .fixed(let type): result = type
        case .common: result = common.value
        case .numeric: result = numeric ?? (numericIndices.isEmpty ? nil : .double)
        case .firstArgument:
            let first = argumentTypes.first??.value
            result = lower == "substr" || lower == "substring" ? (first?.base == .data ? .data : .string) : first
        }
        let anyNullable = argumentTypes.contains { $0?.isNullable ?? true }
        let nullable: Bool
        switch signature.nullability {
        case .ifAnyArgument: nullable = star ? false : anyNullable
        case .ifAllCommon:
            nullable = common.isNullable && commonIndices.allSatisfy { argumentTypes[$0]?.isNullable ?? true }
        case .always:
            if (lower == "lag" || lower == "lead"), arguments.count == 3 {
                nullable = (argumentTypes[0]?.isNullable ?? true) || (argumentTypes[2]?.isNullable ?? true)
            } else {
                nullable = true
            }
        case .never: nullable = false
        case .overRows:
            let argumentNullable = argumentTypes.first??.isNullable ?? true
            if windowed {
                nullable = argumentNullable || !(over?.frameExpressions.isEmpty ?? true) || filter != nil
            } else {
                nullable = argumentNullable || filter != nil || !scope.isGrouped
            }
        }
        var type = ExprType(result, nullable: nullable)
        type.collating = Self.carriedCollation(argumentTypes.compactMap { $0 })
        return type
    }

    static func windowDefined(_ name: String, _ scope: Scope) -> Bool {
        var level: Scope? = scope
        while let current = level {
            if current.windows.contains(SchemaCatalog.folded(name)) { return true }
            level = current.parent
        }
        return false
    }
}
