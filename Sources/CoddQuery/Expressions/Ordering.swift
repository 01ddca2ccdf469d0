import CoddCore

/// A term of `ORDER BY`: an expression, its direction and where NULLs go.
///
/// The expression is wrapped by its representation (`ORDER BY julianday("dueAt")`)
/// unless it is a plain value of a representation that compares unwrapped.
public struct SQLOrderingTerm: Sendable {
    public enum Direction: Sendable { case ascending, descending }
    public enum Nulls: Sendable { case first, last }

    let expression: any SQLExpression
    let direction: Direction?
    let nulls: Nulls?
    var remaps: [SelectCore.Remap] = []

    public init(_ expression: some SQLExpression, _ direction: Direction? = nil, nulls: Nulls? = nil) {
        self.expression = expression
        self.direction = direction
        self.nulls = nulls
    }

    /// The term, read with another statement's table token (a chained scope's ordering).
    func remapped(_ remap: SelectCore.Remap) -> SQLOrderingTerm {
        var copy = self
        copy.remaps.append(remap)
        return copy
    }

    func render(into builder: inout SQLBuilder) throws {
        try SelectCore.withRemaps(remaps, in: &builder) { try renderTerm(into: &$0) }
    }

    private func renderTerm(into builder: inout SQLBuilder) throws {
        if expression.isPlainRepresentation && type(of: expression).comparesUnwrappedValue {
            try expression.render(into: &builder)
        } else {
            try expression.renderWrapped(into: &builder)
        }
        switch direction {
        case .ascending: builder.keyword("ASC")
        case .descending: builder.keyword("DESC")
        case nil: break
        }
        switch nulls {
        case .first: builder.keyword("NULLS FIRST")
        case .last: builder.keyword("NULLS LAST")
        case nil: break
        }
    }
}

extension SQLExpression {
    static var comparesUnwrappedValue: Bool { QueryValue.comparesUnwrapped }
}

extension SQLQueryExpression {
    /// `self ASC`, NULLs first or last when given.
    public func asc(nulls: SQLOrderingTerm.Nulls? = nil) -> SQLOrderingTerm {
        SQLOrderingTerm(self, .ascending, nulls: nulls)
    }

    /// `self DESC`, NULLs first or last when given.
    public func desc(nulls: SQLOrderingTerm.Nulls? = nil) -> SQLOrderingTerm {
        SQLOrderingTerm(self, .descending, nulls: nulls)
    }
}

/// What an `order(by:)` closure may return: an expression, a term, or a tuple of them.
public protocol SQLOrderable {
    var orderingTerms: [SQLOrderingTerm] { get }
}

extension SQLOrderingTerm: SQLOrderable {
    public var orderingTerms: [SQLOrderingTerm] { [self] }
}

extension SQLBinaryOperation: SQLOrderable {}
extension SQLFunctionCall: SQLOrderable {}
extension SQLAggregate: SQLOrderable {}
extension TableColumn: SQLOrderable {}
extension SQLRaw: SQLOrderable {}

extension SQLOrderable where Self: SQLQueryExpression {
    public var orderingTerms: [SQLOrderingTerm] { [SQLOrderingTerm(self)] }
}
