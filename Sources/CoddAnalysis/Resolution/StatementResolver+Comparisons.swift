import CoddSchema

/// A value whose stored form does not order as its Swift value does (a `Decimal`'s text:
/// `'10' < '9.5'`) must be compared in its type's collation, as Codd's DSL renders it; and a
/// codec's text is no number to add. A query file that compares, orders or picks (`min`,
/// `max`) such a value otherwise, or adds codec text, is an error at its position, with
/// the form to write: silence would be a wrong result.
extension StatementResolver {
    /// Reports a comparison (`=`, `<`, `BETWEEN`, `IN`) of `operands` (the compared value
    /// first) that SQLite would not make in their type's order, with the comparison as it
    /// should be written.
    mutating func checkComparison(_ op: String, _ operands: [(expr: Expr, type: ExprType)], _ scope: Scope) {
        guard let first = operands.first(where: { $0.type.value.map(types.comparisonWrap(of:)) != nil }),
            let value = first.type.value, let wrap = types.comparisonWrap(of: value)
        else { return }
        // SQLite's choice: an operand's COLLATE, the leftmost first (written by hand: the
        // query's own choice); else the leftmost column's declared collation.
        if operands.contains(where: { $0.type.writtenCollation != nil }) { return }
        if let column = operands.first(where: { $0.type.column != nil }), let origin = column.type.column,
            let declared = declaredCollation(origin, scope),
            SchemaCatalog.folded(declared) == SchemaCatalog.folded(wrap.collation)
        {
            return
        }
        // The column, where one is compared: what the fix writes in the collation.
        let shown =
            operands.first { $0.type.column != nil && $0.type.value.flatMap(types.comparisonWrap(of:)) != nil }
            ?? first
        let operand = text(shown.expr.range)
        report(
            shown.expr.range.start,
            "\(operand) is \(describe(shown.type)), which SQLite compares by its stored \(storageWord(shown.type)) "
                + "here, not as \(value.swiftName): write \(wrap.wrapping(operand)) (or declare the column COLLATE "
                + "\"\(wrap.collation)\")")
    }

    /// Reports `expr` ordered (`ORDER BY`) out of its type's order.
    mutating func checkOrdering(_ expr: Expr, _ type: ExprType, _ scope: Scope) {
        guard let wrap = unwrittenWrap(expr, type, scope) else { return }
        let operand = text(expr.range)
        report(
            expr.range.start,
            "\(operand) is \(describe(type)), which SQLite orders by its stored \(storageWord(type)) here, not as "
                + "\(type.value?.swiftName ?? "its type"): write ORDER BY \(wrap.wrapping(operand)) (or declare the "
                + "column COLLATE \"\(wrap.collation)\")")
    }

    /// Reports the argument of `min` or `max` picked out of its type's order.
    mutating func checkPicking(_ function: String, _ expr: Expr, _ type: ExprType, _ scope: Scope) {
        guard let wrap = unwrittenWrap(expr, type, scope) else { return }
        let operand = text(expr.range)
        report(
            expr.range.start,
            "\(function)(\(operand)) picks by the stored \(storageWord(type)) of \(describe(type)), not as "
                + "\(type.value?.swiftName ?? "its type"): write \(function)(\(wrap.wrapping(operand)))")
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
        report(expr.range.start, "\(operation) of \(operand), which is \(describe(type)): \(advice)")
    }

    /// The wrap `expr` lacks: `nil` when its type compares as stored, when it is written
    /// in the wrap's collation, or when its column declares that collation.
    private func unwrittenWrap(_ expr: Expr, _ type: ExprType, _ scope: Scope) -> ComparisonWrap? {
        guard let value = type.value, let wrap = types.comparisonWrap(of: value) else { return nil }
        // Written in a collation: the query's own choice.
        if type.writtenCollation != nil { return nil }
        if let origin = type.column, let declared = declaredCollation(origin, scope),
            SchemaCatalog.folded(declared) == SchemaCatalog.folded(wrap.collation)
        {
            return nil
        }
        return wrap
    }

    /// The collation the column `origin` reads declares in its table, if it is a table's.
    private func declaredCollation(_ origin: ColumnOrigin, _ scope: Scope) -> String? {
        var level: Scope? = scope
        while let current = level {
            if let source = current.sources.first(where: { $0.id == origin.sourceID }) {
                return source.table?.column(named: origin.name)?.collation
            }
            level = current.parent
        }
        return nil
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
