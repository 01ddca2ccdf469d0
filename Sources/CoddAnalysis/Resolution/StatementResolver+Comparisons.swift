import CoddSchema

/// A value whose stored form does not order as its Swift value does (a `Decimal`'s text:
/// `'10' < '9.5'`) must be ordered in its type's collation, as Codd's DSL renders it; and a
/// codec's text is no number to add. A query file that compares (`<`, `BETWEEN`), orders or
/// picks (`min`, `max`) such a value in another collation than SQLite would use, or adds
/// codec text, is an error at its position, with the form to write: silence would be a
/// wrong result. Equality is left alone: Codd writes one canonical text per value.
///
/// The collation is found as SQLite finds it (``Collating``): a `COLLATE` written on an
/// operand is the query's own choice and is never refused; else the leftmost column's.
extension StatementResolver {
    /// The written collation an operator or a call carries from its operands, the leftmost
    /// first (SQLite's `EP_Collate`): `max(amount COLLATE "codd_decimal")` is in it.
    static func carriedCollation(_ operands: [ExprType]) -> Collating? {
        operands.first { $0.collating?.isWritten == true }?.collating
    }

    /// Reports an ordering comparison (`<`, `>=`) of `operands` that SQLite would make out
    /// of their type's order, with the operand to write in the collation.
    mutating func checkComparison(_ operands: [(expr: Expr, type: ExprType)]) {
        guard let (wrapped, wrap) = firstWrapped(operands) else { return }
        if operands.contains(where: { $0.type.collating?.isWritten == true }) { return }
        let column = operands.first { if case .column = $0.type.collating { true } else { false } }
        if Self.sameCollation(column?.type.collating?.name, wrap.collation) { return }
        // The column, where one is compared: what the fix writes in the collation.
        let shown = column.flatMap { types.comparisonWrap(of: $0.type.value ?? .any) != nil ? $0 : nil } ?? wrapped
        let operand = text(shown.expr.range)
        report(
            shown.expr.range.start,
            "\(operand) is \(describe(shown.type)), which SQLite compares by its stored \(storageWord(shown.type)) "
                + "here, not as \(shown.type.value?.swiftName ?? "its type"): write \(wrap.wrapping(operand)) (or "
                + "declare the column COLLATE \"\(wrap.collation)\")", advisory: true)
    }

    /// Reports `expr` ordered (`ORDER BY`) out of its type's order.
    mutating func checkOrdering(_ expr: Expr, _ type: ExprType) {
        guard let wrap = type.value.flatMap(types.comparisonWrap(of:)), !Self.ordersIn(wrap, type.collating) else {
            return
        }
        let operand = text(expr.range)
        report(
            expr.range.start,
            "\(operand) is \(describe(type)), which SQLite orders by its stored \(storageWord(type)) here, not as "
                + "\(type.value?.swiftName ?? "its type"): write ORDER BY \(wrap.wrapping(operand)) (or declare the "
                + "column COLLATE \"\(wrap.collation)\")", advisory: true)
    }

    /// Reports `min` or `max` of `arguments` picked out of their type's order: SQLite picks
    /// in the collation of the first argument that is a column or writes one.
    mutating func checkPicking(_ function: String, _ arguments: [(expr: Expr, type: ExprType)]) {
        guard let (wrapped, wrap) = firstWrapped(arguments) else { return }
        if checkMixedPicking(function, arguments, wrapped, wrap) { return }
        let decider = arguments.first { $0.type.collating != nil }?.type.collating
        if Self.ordersIn(wrap, decider) { return }
        let texts = arguments.map { text($0.expr.range) }
        // The first argument written in the collation decides, whatever the others are.
        let fixed = "\(function)(\(([wrap.wrapping(texts[0])] + texts.dropFirst()).joined(separator: ", ")))"
        report(
            wrapped.expr.range.start,
            "\(function)(\(texts.joined(separator: ", "))) picks by the stored \(storageWord(wrapped.type)) of "
                + "\(describe(wrapped.type)), not as \(wrapped.type.value?.swiftName ?? "its type"): write \(fixed)",
            advisory: true)
    }

    /// Reports `max(0, amount)`: SQLite's `min` and `max` of several arguments rank every
    /// number below every text, whatever the collation, so a number beside a codec's text
    /// always loses to it (`max`) or wins (`min`). The number must be written as text.
    private mutating func checkMixedPicking(
        _ function: String, _ arguments: [(expr: Expr, type: ExprType)], _ wrapped: (expr: Expr, type: ExprType),
        _ wrap: ComparisonWrap
    ) -> Bool {
        guard wrapped.type.value?.storage == .text,
            let number = arguments.first(where: { [.integer, .real].contains($0.type.value?.storage) })
        else { return false }
        // Each number written as text: possible when every one is a literal.
        var texts: [String] = []
        var allLiterals = true
        for argument in arguments {
            switch argument.expr.kind {
            case .literal(.integer(let digits)), .literal(.real(let digits)): texts.append("'\(digits)'")
            default:
                if [.integer, .real].contains(argument.type.value?.storage) { allLiterals = false }
                texts.append(text(argument.expr.range))
            }
        }
        // The collation written on the first argument, unless an argument writes one already.
        let writesCollation = arguments.contains { $0.type.collating?.isWritten == true }
        let first = writesCollation ? texts[0] : wrap.wrapping(texts[0])
        let written = "\(function)(\(arguments.map { text($0.expr.range) }.joined(separator: ", ")))"
        let fixed = "\(function)(\(([first] + texts.dropFirst()).joined(separator: ", ")))"
        report(
            number.expr.range.start,
            "\(written) ranks the number \(text(number.expr.range)) below any text of \(describe(wrapped.type)), "
                + "whatever its value (SQLite orders every number before every text): "
                + (allLiterals
                    ? "write \(fixed)" : "write the number as \(wrapped.type.value?.swiftName ?? "its type") text"),
            advisory: true)
        return true
    }

    /// Reports arithmetic (`+`, `sum`, `avg`, `total`) on a value of a codec stored as TEXT:
    /// SQLite reads the text's leading digits as a floating-point number.
    mutating func checkArithmetic(_ expr: Expr, _ type: ExprType, _ operation: String) {
        guard let value = type.value, value.storage == .text, value != value.base else { return }
        let operand = text(expr.range)
        let advice =
            value.swiftName == "Decimal"
            ? "SQLite would compute in floating point and round; fetch the values and add them as Decimal in Swift"
            : "SQLite would read the text's leading digits as a number"
        report(expr.range.start, "\(operation) of \(operand), which is \(describe(type)): \(advice)", advisory: true)
    }

    /// The first operand whose type must be ordered in a collation, and that collation.
    private func firstWrapped(_ operands: [(expr: Expr, type: ExprType)]) -> (
        (expr: Expr, type: ExprType), ComparisonWrap
    )? {
        for operand in operands {
            if let wrap = operand.type.value.flatMap(types.comparisonWrap(of:)) { return (operand, wrap) }
        }
        return nil
    }

    /// Whether `collating` orders in `wrap`'s collation, or is a collation the query wrote
    /// (its own choice).
    private static func ordersIn(_ wrap: ComparisonWrap, _ collating: Collating?) -> Bool {
        guard let collating else { return false }
        return collating.isWritten || sameCollation(collating.name, wrap.collation)
    }

    private static func sameCollation(_ a: String?, _ b: String) -> Bool {
        a.map { SchemaCatalog.folded($0) == SchemaCatalog.folded(b) } ?? false
    }

    /// `TEXT AS Decimal`.
    private func describe(_ type: ExprType) -> String {
        guard let value = type.value else { return "untyped" }
        return "\(storageWord(type).uppercased()) AS \(value.swiftName)"
    }

    private func storageWord(_ type: ExprType) -> String {
        switch type.value?.storage {
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .null, nil: "value"
        }
    }
}
