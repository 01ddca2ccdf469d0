import CoddCore
import CoddSchema

extension StatementResolver {
    /// Whether `expr` is a parameter, possibly signed, parenthesized or collated: typed
    /// only by its context, so typed after what it stands against.
    static func isParameterLike(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .parameter: true
        case .unary(let op, let operand): (op == "-" || op == "+") && isParameterLike(operand)
        case .collate(let inner, _): isParameterLike(inner)
        default: false
        }
    }

    /// Types `a` and `b`, which stand against each other (`a = b`, `a < b`, CASE's base
    /// and WHEN values): a parameter takes the other side's type and column name.
    mutating func typePair(
        _ a: Expr, _ b: Expr, _ scope: Scope, allowsNil: Bool = false, suffixes: (String, String) = ("", "")
    ) -> (ExprType, ExprType) {
        if Self.isParameterLike(a) && !Self.isParameterLike(b) {
            let right = typeOf(b, scope, nil)
            let left = typeOf(a, scope, expectation(from: right, suffix: suffixes.0, allowsNil: allowsNil))
            return (left, right)
        }
        let left = typeOf(a, scope, nil)
        let right = typeOf(b, scope, expectation(from: left, suffix: suffixes.1, allowsNil: allowsNil))
        return (left, right)
    }

    /// What a parameter standing against a value of `type` takes: its type and, when it is
    /// a column, its name.
    func expectation(from type: ExprType, suffix: String = "", allowsNil: Bool = false) -> Expectation? {
        guard let value = type.value else { return nil }
        return Expectation(type: value, name: type.column.map { $0.name + suffix }, allowsNil: allowsNil)
    }

    /// The type of `expr` in `scope`. `expected`, when given, is what a parameter there
    /// takes (and its name).
    mutating func typeOf(_ expr: Expr, _ scope: Scope, _ expected: Expectation?) -> ExprType {
        switch expr.kind {
        case .literal(let literal):
            switch literal {
            case .integer: return .known(.int)
            case .real: return .known(.double)
            case .string: return .known(.string)
            case .blob: return .known(.data)
            case .null: return ExprType(expected?.type, nullable: true)
            case .boolean: return .known(.bool)
            case .currentTime: return .known(.string)
            }

        case .parameter(let token):
            use(token, expected)
            guard let expected, expected.type.storage != nil else { return .unknown }
            return ExprType(expected.type, nullable: expected.allowsNil)

        case .column(_, let table, let column):
            let type = resolveColumn(table: table, column: column, scope)
            if let origin = type.column { columnOrigins[expr.range.start] = origin }
            return type

        case .unary(let op, let operand):
            switch op {
            case "NOT":
                let inner = typeOf(operand, scope, Expectation(type: .bool, name: nil))
                return .known(.bool, nullable: inner.isNullable)
            case "~":
                let inner = typeOf(operand, scope, Expectation(type: .int, name: expected?.name))
                return .known(.int, nullable: inner.isNullable)
            case "+":
                // `+x` changes nothing (SQLite's no-op, written to keep an index out): its
                // operand's type and collation.
                var inner = typeOf(operand, scope, expected)
                inner.column = nil
                return inner
            default:
                let inner = typeOf(
                    operand, scope,
                    expected.map { Expectation(type: $0.type.isNumeric ? $0.type.base : .double, name: $0.name) })
                checkArithmetic(operand, inner, "arithmetic (\(op))")
                return ExprType(inner.value.map { $0.isNumeric ? $0.base : .double }, nullable: inner.isNullable)
            }

        case .binary(let op, let left, let right):
            return typeBinary(op, left, right, scope, expected)

        case .nullTest(let operand, _):
            _ = typeOf(operand, scope, nil)
            return .known(.bool)

        case .between(let operand, let low, let high, _):
            if Self.isParameterLike(operand) {
                let lowType = typeOf(low, scope, nil)
                let highType = typeOf(high, scope, expectation(from: lowType, suffix: "Upper"))
                let operandType = typeOf(operand, scope, expectation(from: lowType.value == nil ? highType : lowType))
                checkComparison([(operand, operandType), (low, lowType)])
                checkComparison([(operand, operandType), (high, highType)])
                return .known(.bool, nullable: operandType.isNullable || lowType.isNullable || highType.isNullable)
            }
            let operandType = typeOf(operand, scope, nil)
            let lowType = typeOf(low, scope, expectation(from: operandType, suffix: "Lower"))
            let highType = typeOf(high, scope, expectation(from: operandType, suffix: "Upper"))
            // SQLite compares x >= low and x <= high, each pair in its own collation.
            checkComparison([(operand, operandType), (low, lowType)])
            checkComparison([(operand, operandType), (high, highType)])
            return .known(.bool, nullable: operandType.isNullable || lowType.isNullable || highType.isNullable)

        case .inList(let operand, let list, _):
            var operandType = typeOf(operand, scope, nil)
            if operandType.value == nil, let typed = list.first(where: { !Self.isParameterLike($0) }) {
                let first = typeOf(typed, scope, nil)
                operandType = typeOf(operand, scope, expectation(from: first))
            }
            var nullable = operandType.isNullable
            for element in list {
                nullable = typeOf(element, scope, expectation(from: operandType)).isNullable || nullable
            }
            return .known(.bool, nullable: nullable)

        case .inSelect(let operand, let select, _):
            let inner = resolveSelect(select, outer: scope)
            let columnType = inner?.columns.first?.type ?? .unknown
            let operandType = typeOf(operand, scope, expectation(from: columnType))
            return .known(.bool, nullable: operandType.isNullable || columnType.isNullable)

        case .inTable(let operand, let name, let arguments, _):
            var columnType = ExprType.unknown
            if let arguments {
                if let columns = FunctionCatalog.tableValued[name.text.lowercased()] {
                    for argument in arguments { _ = typeOf(argument, scope, Expectation(type: .string, name: "json")) }
                    columnType = ExprType(columns[0].type, nullable: columns[0].isNullable)
                } else {
                    report(
                        name.range.start,
                        "no such table-valued function: \(name.text) (Codd types json_each and json_tree)")
                }
            } else if let table = scope.commonTable(named: name.text)
                ?? catalog.table(named: name.text).map(source(of:))
            {
                if let first = table.columns.first { columnType = ExprType(first.type, nullable: first.isNullable) }
            } else {
                report(name.range.start, "no such table: \(name.text)")
            }
            let operandType = typeOf(operand, scope, expectation(from: columnType))
            return .known(.bool, nullable: operandType.isNullable)

        case .inParameter(let operand, let token, _):
            let operandType = typeOf(operand, scope, nil)
            if let value = operandType.value, value.storage != nil {
                let name = operandType.column.map { SwiftNaming.plural($0.name) }
                use(token, Expectation(type: value, name: name, isArray: true))
            } else {
                use(token, nil)
                report(
                    token.range.start,
                    "the type of the list after IN cannot be inferred: compare a column (id IN ?) or cast it (CAST(x AS INTEGER) IN ?)"
                )
            }
            return .known(.bool, nullable: operandType.isNullable)

        case .pattern(let op, let operand, let pattern, let escape, _):
            if op == "MATCH" {
                return typeMatch(operand, pattern, scope)
            }
            let operandType = typeOf(operand, scope, Expectation(type: .string, name: "text"))
            let patternType = typeOf(
                pattern, scope, Expectation(type: .string, name: operandType.column?.name ?? "pattern"))
            if let escape { _ = typeOf(escape, scope, Expectation(type: .string, name: "escape")) }
            return .known(.bool, nullable: operandType.isNullable || patternType.isNullable)

        case .function:
            return typeFunction(expr, scope, expected)

        case .cast(let operand, let typeName, let annotation):
            let target: ValueType
            if let annotation {
                guard let storage = SQLStorage(name: typeName), storage != .null else {
                    report(
                        expr.range.start,
                        "\(typeName) is not a storage class; an annotated CAST is CAST(x AS INTEGER|REAL|TEXT|BLOB AS Type)"
                    )
                    _ = typeOf(operand, scope, nil)
                    return .unknown
                }
                do {
                    target = try types.valueType(
                        storage: storage, typeName: annotation.typeName, codecName: annotation.codecName)
                } catch {
                    report(annotation.range.start, "\(typeName) AS \(annotation.typeName): \(error)")
                    _ = typeOf(operand, scope, nil)
                    return .unknown
                }
            } else if let storage = SQLStorage(name: typeName), storage != .null {
                target = ValueType(swiftName: "", storage: storage).base
            } else {
                target = SchemaCatalog.affinityType(SQLColumnAffinity(declaredType: typeName))
            }
            let inner = typeOf(
                operand, scope, Expectation(type: target, name: expected?.name, allowsNil: expected?.allowsNil ?? false)
            )
            if Self.isParameterLike(operand), target.storage == nil {
                report(
                    operand.range.start,
                    "CAST to \(typeName) does not give the parameter a type: cast to INTEGER, REAL, TEXT or BLOB")
            }
            var cast = ExprType(target, nullable: inner.isNullable)
            cast.collating = inner.collating
            return cast

        case .caseWhen(let base, let whens, let otherwise):
            var baseType: ExprType?
            if let base {
                let typed = whens.first { !Self.isParameterLike($0.0) }.map { typeOf($0.0, scope, nil) }
                baseType = typeOf(base, scope, typed.flatMap { expectation(from: $0) })
            }
            for (condition, _) in whens {
                if let baseType {
                    _ = typeOf(condition, scope, expectation(from: baseType))
                } else {
                    _ = typeOf(condition, scope, Expectation(type: .bool, name: nil))
                }
            }
            var results = whens.map(\.1)
            if let otherwise { results.append(otherwise) }
            let common = typeCommon(results, scope, expected)
            return ExprType(common.value, nullable: common.isNullable || otherwise == nil)

        case .exists(let select):
            _ = resolveSelect(select, outer: scope)
            return .known(.bool)

        case .subquery(let select):
            guard let inner = resolveSelect(select, outer: scope) else { return .unknown }
            guard inner.columns.count == 1 else {
                report(
                    expr.range.start,
                    "a subquery used as a value must return one column; this one returns \(inner.columns.count)")
                return .unknown
            }
            let column = inner.columns[0].type
            return ExprType(column.value, nullable: column.isNullable || inner.cardinality != .one)

        case .row(let elements):
            for element in elements { _ = typeOf(element, scope, nil) }
            report(
                expr.range.start,
                "a row value (a, b) only compares with another row value or a subquery of as many columns")
            return .unknown

        case .collate(let inner, let collation):
            var type = typeOf(inner, scope, expected)
            type.collating = .written(collation)
            return type
        }
    }

    /// The common type of expressions that produce one value (CASE's branches,
    /// `coalesce`'s arguments): parameters among them take it.
    mutating func typeCommon(_ expressions: [Expr], _ scope: Scope, _ expected: Expectation?) -> ExprType {
        typeCommonEach(expressions, scope, expected).common
    }

    /// The common type, and each expression's own.
    mutating func typeCommonEach(_ expressions: [Expr], _ scope: Scope, _ expected: Expectation?) -> (
        common: ExprType, each: [ExprType]
    ) {
        var each = [ExprType](repeating: .unknown, count: expressions.count)
        for (index, expression) in expressions.enumerated() where !Self.isParameterLike(expression) {
            each[index] = typeOf(expression, scope, expected)
        }
        let typed = expressions.indices.filter { !Self.isParameterLike(expressions[$0]) }.map { each[$0] }
        var common = Self.commonType(typed.compactMap(\.value)) ?? expected?.type
        if common?.storage == nil, expected?.type.storage != nil { common = expected?.type }
        for (index, expression) in expressions.enumerated() where Self.isParameterLike(expression) {
            each[index] = typeOf(
                expression, scope,
                common.map { Expectation(type: $0, name: expected?.name, allowsNil: expected?.allowsNil ?? false) })
        }
        return (ExprType(common, nullable: each.contains(where: \.isNullable)), each)
    }

    /// One type for values that must share it: the same type; a codec's type beside
    /// plain values of its storage class (`coalesce(completedOn, 0)` stays a Date); Int
    /// and Double as Double; anything else as `SQLAny`.
    static func commonType(_ types: [ValueType]) -> ValueType? {
        guard var result = types.first else { return nil }
        for type in types.dropFirst() where type != result {
            if type.storage == result.storage, type == type.base, result != result.base {
                continue
            } else if type.storage == result.storage, result == result.base, type != type.base {
                result = type
            } else if type.isNumeric, result.isNumeric {
                result = .double
            } else if type.swiftName == result.swiftName, type.storage == result.storage {
                continue
            } else {
                return .any
            }
        }
        return result
    }

    private mutating func typeBinary(
        _ op: String, _ left: Expr, _ right: Expr, _ scope: Scope, _ expected: Expectation?
    ) -> ExprType {
        switch op {
        case "AND", "OR":
            let a = typeOf(left, scope, Expectation(type: .bool, name: nil))
            let b = typeOf(right, scope, Expectation(type: .bool, name: nil))
            return .known(.bool, nullable: a.isNullable || b.isNullable)
        case "=", "!=", "<", "<=", ">", ">=":
            if case .row(let a) = left.kind, case .row(let b) = right.kind {
                guard a.count == b.count else {
                    report(left.range.start, "row values of \(a.count) and \(b.count) columns cannot be compared")
                    return .known(.bool)
                }
                var nullable = false
                for (x, y) in zip(a, b) {
                    let (p, q) = typePair(x, y, scope)
                    nullable = nullable || p.isNullable || q.isNullable
                }
                return .known(.bool, nullable: nullable)
            }
            if case .row(let elements) = left.kind, case .subquery(let select) = right.kind {
                for element in elements { _ = typeOf(element, scope, nil) }
                _ = resolveSelect(select, outer: scope)
                return .known(.bool, nullable: true)
            }
            let (a, b) = typePair(left, right, scope)
            if op != "=" && op != "!=" { checkComparison([(left, a), (right, b)]) }
            return .known(.bool, nullable: a.isNullable || b.isNullable)
        case "IS", "IS NOT":
            _ = typePair(left, right, scope, allowsNil: true)
            return .known(.bool)
        case "+", "-", "*", "/", "%":
            let (a, b) = typeArithmetic(left, right, scope, expected)
            checkArithmetic(left, a, "arithmetic (\(op))")
            checkArithmetic(right, b, "arithmetic (\(op))")
            let bases = [a.value, b.value].compactMap { $0?.base }
            let result: ValueType? =
                if bases.isEmpty {
                    nil
                } else if bases.contains(.double) {
                    .double
                } else if bases.allSatisfy({ $0 == .int || $0 == .bool }) {
                    .int
                } else {
                    .any
                }
            var nullable = a.isNullable || b.isNullable
            // Division or remainder by zero is NULL in SQLite.
            if op == "/" || op == "%" { nullable = nullable || !Self.isNonZeroLiteral(right) }
            var type = ExprType(result, nullable: nullable)
            type.collating = Self.carriedCollation([a, b])
            return type
        case "&", "|", "<<", ">>":
            let a = typeOf(left, scope, Expectation(type: .int, name: nil))
            let b = typeOf(right, scope, Expectation(type: .int, name: nil))
            return .known(.int, nullable: a.isNullable || b.isNullable)
        case "||":
            let a = typeOf(left, scope, Expectation(type: .string, name: nil))
            let b = typeOf(right, scope, Expectation(type: .string, name: nil))
            var type = ExprType.known(.string, nullable: a.isNullable || b.isNullable)
            type.collating = Self.carriedCollation([a, b])
            return type
        case "->":
            _ = typeOf(left, scope, Expectation(type: .string, name: "json"))
            _ = typeOf(right, scope, Expectation(type: .string, name: "path"))
            return .known(.string, nullable: true)
        case "->>":
            _ = typeOf(left, scope, Expectation(type: .string, name: "json"))
            _ = typeOf(right, scope, Expectation(type: .string, name: "path"))
            return .known(.any, nullable: true)
        default:
            _ = typeOf(left, scope, nil)
            _ = typeOf(right, scope, nil)
            return .unknown
        }
    }

    /// Arithmetic operands: a parameter takes the other side's number type (a Date stored
    /// as INTEGER gives Int: arithmetic is on the stored number).
    private mutating func typeArithmetic(_ left: Expr, _ right: Expr, _ scope: Scope, _ expected: Expectation?) -> (
        ExprType, ExprType
    ) {
        func numeric(_ type: ExprType) -> Expectation? {
            guard let value = type.value else { return nil }
            return Expectation(type: value.isNumeric ? value.base : .double, name: nil)
        }
        let fallback = expected.map { Expectation(type: $0.type.isNumeric ? $0.type.base : .double, name: $0.name) }
        if Self.isParameterLike(left) && !Self.isParameterLike(right) {
            let b = typeOf(right, scope, nil)
            return (typeOf(left, scope, numeric(b) ?? fallback), b)
        }
        let a = typeOf(left, scope, nil)
        let b = typeOf(right, scope, numeric(a) ?? fallback)
        if a.value == nil, Self.isParameterLike(left) {
            return (typeOf(left, scope, numeric(b) ?? fallback), b)
        }
        return (a, b)
    }

    static func isNonZeroLiteral(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .literal(.integer(let text)): return Int(text).map { $0 != 0 } ?? true
        case .literal(.real(let text)): return Double(text).map { $0 != 0 } ?? true
        default: return false
        }
    }

    // MARK: Columns

    /// The column a name reaches: in the sources of `scope`, then of the enclosing
    /// queries, then among the result aliases. An unknown or ambiguous name is reported at
    /// its token.
    mutating func resolveColumn(table: Name?, column: Name, _ scope: Scope) -> ExprType {
        if let table {
            var level: Scope? = scope
            while let current = level {
                if let source = current.sources.last(where: { SQLSchema.sameName($0.name, table.text) }) {
                    if source.isUnknown { return .unknown }
                    guard let found = source.column(named: column.text) else {
                        let visible = source.columns.filter { !$0.isHidden }.map(\.name)
                        report(
                            column.range.start,
                            "no such column: \(table.text).\(column.text) (\(source.name) has \(Self.list(visible)))")
                        return .unknown
                    }
                    var type = ExprType(
                        found.type, nullable: found.isNullable || source.isNullable,
                        column: ColumnOrigin(sourceID: source.id, name: Self.canonical(found.name)))
                    type.collating = .column(found.collation)
                    return type
                }
                level = current.parent
            }
            report(table.range.start, "no such table: \(table.text) (nothing named \(table.text) in this query's FROM)")
            return .unknown
        }
        var level: Scope? = scope
        while let current = level {
            let matches = current.sources.filter { source in
                source.column(named: column.text) != nil
                    && !source.mergedColumns.contains(SchemaCatalog.folded(column.text))
            }
            if matches.count > 1 {
                report(
                    column.range.start,
                    "ambiguous column name: \(column.text) (in \(Self.list(matches.map(\.name)))); qualify it: \(matches[0].name).\(column.text)"
                )
                return .unknown
            }
            if let source = matches.first, let found = source.column(named: column.text) {
                var type = ExprType(
                    found.type, nullable: found.isNullable || source.isNullable,
                    column: ColumnOrigin(sourceID: source.id, name: Self.canonical(found.name)))
                type.collating = .column(found.collation)
                return type
            }
            if let alias = current.aliases[SchemaCatalog.folded(column.text)] {
                return alias
            }
            level = current.parent
        }
        var anyUnknown: Scope? = scope
        while let current = anyUnknown {
            if current.sources.contains(where: \.isUnknown) { return .unknown }
            anyUnknown = current.parent
        }
        let names = scope.sources.flatMap { $0.columns.filter { !$0.isHidden }.map(\.name) }
        let hint = names.isEmpty ? "" : " (the query's tables have \(Self.list(names)))"
        report(column.range.start, "no such column: \(column.text)\(hint)")
        return .unknown
    }

    /// `rowid`'s other names are `rowid`.
    static func canonical(_ name: String) -> String {
        ["oid", "_rowid_"].contains(name.lowercased()) ? "rowid" : name
    }

    static func list(_ names: [String]) -> String {
        let shown = names.prefix(12).joined(separator: ", ")
        return names.count > 12 ? shown + ", …" : shown
    }

    /// A catalogue table as a FROM source.
    func source(of table: CatalogTable) -> ScopeSource {
        ScopeSource(
            id: 0, name: table.name,
            columns: table.columns.map {
                DerivedColumn(name: $0.name, type: $0.type, isNullable: $0.isNullable, collation: $0.collation)
            }
                + table.hiddenColumns.map {
                    DerivedColumn(name: $0.name, type: $0.type, isNullable: $0.isNullable, isHidden: true)
                },
            isNullable: false, table: table
        )
    }
}
