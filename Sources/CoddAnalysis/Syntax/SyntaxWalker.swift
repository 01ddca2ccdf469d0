/// Visits every expression of a statement, subqueries included, outermost first.
package enum SyntaxWalker {
    package static func walk(_ statement: Statement, _ visit: (Expr) -> Void) {
        switch statement {
        case .select(let select): walk(select, visit)
        case .insert(let insert):
            walk(insert.with, visit)
            switch insert.source {
            case .values(let rows): rows.joined().forEach { walk($0, visit) }
            case .select(let select): walk(select, visit)
            case .defaultValues: break
            }
            for upsert in insert.upserts {
                upsert.target.forEach { walk($0, visit) }
                upsert.targetWhere.map { walk($0, visit) }
                upsert.update?.forEach { walk($0.value, visit) }
                upsert.updateWhere.map { walk($0, visit) }
            }
            walk(insert.returning, visit)
        case .update(let update):
            walk(update.with, visit)
            update.set.forEach { walk($0.value, visit) }
            update.from.map { walk($0, visit) }
            update.whereClause.map { walk($0, visit) }
            walk(update.returning, visit)
        case .delete(let delete):
            walk(delete.with, visit)
            delete.whereClause.map { walk($0, visit) }
            walk(delete.returning, visit)
        }
    }

    private static func walk(_ with: WithClause?, _ visit: (Expr) -> Void) {
        with?.tables.forEach { walk($0.select, visit) }
    }

    private static func walk(_ columns: [ResultColumn]?, _ visit: (Expr) -> Void) {
        for column in columns ?? [] {
            if case .expr(let expr, _) = column { walk(expr, visit) }
        }
    }

    package static func walk(_ select: SelectStatement, _ visit: (Expr) -> Void) {
        walk(select.with, visit)
        for core in select.cores {
            walk(core.columns, visit)
            core.from.map { walk($0, visit) }
            core.whereClause.map { walk($0, visit) }
            core.groupBy.forEach { walk($0, visit) }
            core.having.map { walk($0, visit) }
            core.values?.joined().forEach { walk($0, visit) }
            for (_, window) in core.windows { walk(window, visit) }
        }
        select.orderBy.forEach { walk($0.expr, visit) }
        select.limit.map { walk($0, visit) }
        select.offset.map { walk($0, visit) }
    }

    private static func walk(_ window: WindowSpec, _ visit: (Expr) -> Void) {
        window.partitionBy.forEach { walk($0, visit) }
        window.orderBy.forEach { walk($0.expr, visit) }
        window.frameExpressions.forEach { walk($0, visit) }
    }

    private static func walk(_ from: FromClause, _ visit: (Expr) -> Void) {
        for joined in from.sources {
            switch joined.source {
            case .table: break
            case .function(_, let arguments, _): arguments.forEach { walk($0, visit) }
            case .subquery(let select, _, _): walk(select, visit)
            case .nested(let inner, _): walk(inner, visit)
            }
            if case .on(let condition) = joined.constraint { walk(condition, visit) }
        }
    }

    package static func walk(_ expr: Expr, _ visit: (Expr) -> Void) {
        visit(expr)
        switch expr.kind {
        case .literal, .parameter, .column: break
        case .unary(_, let operand), .nullTest(let operand, _), .collate(let operand, _), .cast(let operand, _, _):
            walk(operand, visit)
        case .binary(_, let left, let right):
            walk(left, visit)
            walk(right, visit)
        case .between(let a, let b, let c, _):
            [a, b, c].forEach { walk($0, visit) }
        case .inList(let operand, let list, _):
            ([operand] + list).forEach { walk($0, visit) }
        case .inSelect(let operand, let select, _):
            walk(operand, visit)
            walk(select, visit)
        case .inTable(let operand, _, let arguments, _):
            ([operand] + (arguments ?? [])).forEach { walk($0, visit) }
        case .inParameter(let operand, _, _):
            walk(operand, visit)
        case .pattern(_, let left, let right, let escape, _):
            ([left, right] + (escape.map { [$0] } ?? [])).forEach { walk($0, visit) }
        case .function(_, let arguments, _, _, let filter, let over, _):
            arguments.forEach { walk($0, visit) }
            filter.map { walk($0, visit) }
            over.map { walk($0, visit) }
        case .caseWhen(let base, let whens, let otherwise):
            base.map { walk($0, visit) }
            for (condition, result) in whens {
                walk(condition, visit)
                walk(result, visit)
            }
            otherwise.map { walk($0, visit) }
        case .exists(let select), .subquery(let select):
            walk(select, visit)
        case .row(let elements):
            elements.forEach { walk($0, visit) }
        }
    }
}
