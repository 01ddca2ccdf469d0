/// Dynamic filters. A named parameter marked optional (`:title?`) stands in a WHERE, ON or
/// HAVING condition; when its value is `nil`, the smallest AND term holding it is dropped
/// (rendered as `1`, which SQLite's planner removes):
///
/// ```sql
/// WHERE title LIKE :title? AND priority >= :minimumPriority? AND isCompleted = 0
/// -- title nil:           WHERE 1 AND priority >= ? AND isCompleted = 0
/// ```
///
/// Where dropping that term would change the meaning of the rest, the placement is an
/// error at the parameter: inside OR (dropping `a = :x?` from `a = :x? OR b` would keep
/// rows `b` alone selects, or drop the whole OR, neither of which says "no filter on a"),
/// and as one bound of BETWEEN (half a range is not a range; write `x >= :low? AND x <=
/// :high?`).
extension StatementResolver {
    mutating func collectOptionalTerms(_ condition: Expr) {
        for term in Self.andTerms(condition) {
            var found: [Int] = []
            findOptionals(term, insideOr: false, into: &found)
            guard !found.isEmpty else { continue }
            optionalTerms.append(OptionalTerm(range: term.range, parameterStarts: found))
            claimedOptionals.formUnion(found)
        }
    }

    /// The optional parameters of `expr` outside nested SELECTs (their conditions are
    /// their own), reporting the placements a drop would misread.
    private mutating func findOptionals(_ expr: Expr, insideOr: Bool, into found: inout [Int]) {
        switch expr.kind {
        case .parameter(let token):
            guard token.isOptional else { return }
            if insideOr {
                report(
                    token.range.start,
                    "an optional filter cannot stand inside OR: dropping the smallest AND term holding it would drop the whole OR; filter with AND, or make the parameter required (remove the '?')"
                )
            }
            found.append(token.range.start)
        case .binary(let op, let left, let right):
            let isOr = op == "OR" || insideOr
            findOptionals(left, insideOr: isOr, into: &found)
            findOptionals(right, insideOr: isOr, into: &found)
        case .between(let operand, let low, let high, _):
            for bound in [low, high] {
                if case .parameter(let token) = bound.kind, token.isOptional {
                    report(
                        token.range.start,
                        "an optional filter cannot be one bound of BETWEEN: half a range is no range; write x >= :low? AND x <= :high?"
                    )
                    claimedOptionals.insert(token.range.start)
                } else {
                    findOptionals(bound, insideOr: insideOr, into: &found)
                }
            }
            findOptionals(operand, insideOr: insideOr, into: &found)
        case .unary(_, let operand), .nullTest(let operand, _), .collate(let operand, _), .cast(let operand, _, _):
            findOptionals(operand, insideOr: insideOr, into: &found)
        case .inList(let operand, let list, _):
            for element in [operand] + list { findOptionals(element, insideOr: insideOr, into: &found) }
        case .inSelect(let operand, _, _), .inParameter(let operand, _, _):
            findOptionals(operand, insideOr: insideOr, into: &found)
        case .inTable(let operand, _, let arguments, _):
            for element in [operand] + (arguments ?? []) { findOptionals(element, insideOr: insideOr, into: &found) }
        case .pattern(_, let left, let right, let escape, _):
            for element in [left, right] + (escape.map { [$0] } ?? []) {
                findOptionals(element, insideOr: insideOr, into: &found)
            }
        case .function(_, let arguments, _, _, let filter, _, _):
            for element in arguments + (filter.map { [$0] } ?? []) {
                findOptionals(element, insideOr: insideOr, into: &found)
            }
        case .caseWhen(let base, let whens, let otherwise):
            var parts = whens.flatMap { [$0.0, $0.1] }
            if let base { parts.append(base) }
            if let otherwise { parts.append(otherwise) }
            for element in parts { findOptionals(element, insideOr: insideOr, into: &found) }
        case .row(let elements):
            for element in elements { findOptionals(element, insideOr: insideOr, into: &found) }
        case .literal, .column, .exists, .subquery:
            return
        }
    }
}
