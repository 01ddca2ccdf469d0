import CoddCore

/// A `CASE` expression.
///
/// ```swift
/// SQLCase()
///     .when($0.priority.eq(Priority.high), then: "!!!")
///     .when($0.priority.eq(Priority.medium), then: "!!")
///     .else("")
/// // CASE WHEN ("priority" = ?) THEN ? WHEN … ELSE ? END
/// ```
public struct SQLCase<QueryValue: SQLCustomType>: SQLQueryExpression {
    let subject: (any SQLExpression)?
    var branches: [(condition: any SQLExpression, result: any SQLExpression)]
    var otherwise: (any SQLExpression)?

    /// A searched CASE: each `when` takes a condition.
    public init() where QueryValue == Bool {
        self.subject = nil
        self.branches = []
    }

    fileprivate init(subject: (any SQLExpression)?, branches: [(any SQLExpression, any SQLExpression)], otherwise: (any SQLExpression)?) {
        self.subject = subject
        self.branches = branches.map { (condition: $0.0, result: $0.1) }
        self.otherwise = otherwise
    }

    /// Adds `WHEN condition THEN result`; the first branch decides the result type.
    public func when<R: SQLCustomType>(_ condition: some SQLExpression<Bool>, then result: some SQLQueryExpression<R>) -> SQLCase<R?> {
        SQLCase<R?>(subject: subject, branches: branches.map { ($0.condition, $0.result) } + [(condition, result)], otherwise: otherwise)
    }

    /// Adds `WHEN condition THEN ?`.
    public func when<R: SQLCustomType>(_ condition: some SQLExpression<Bool>, then result: R) -> SQLCase<R?> {
        SQLCase<R?>(subject: subject, branches: branches.map { ($0.condition, $0.result) } + [(condition, result)], otherwise: otherwise)
    }

    /// Ends with `ELSE result`: the CASE now has a value for every row.
    public func `else`<R: SQLCustomType>(_ result: some SQLQueryExpression<R>) -> SQLCase<R> where QueryValue == R? {
        SQLCase<R>(subject: subject, branches: branches.map { ($0.condition, $0.result) }, otherwise: result)
    }

    /// Ends with `ELSE ?`.
    public func `else`<R: SQLCustomType>(_ result: R) -> SQLCase<R> where QueryValue == R? {
        SQLCase<R>(subject: subject, branches: branches.map { ($0.condition, $0.result) }, otherwise: result)
    }

    public func render(into builder: inout SQLBuilder) throws {
        builder.keyword("CASE")
        if let subject { try subject.renderOperand(into: &builder) }
        for branch in branches {
            builder.keyword("WHEN")
            try branch.condition.renderOperand(into: &builder)
            builder.keyword("THEN")
            try branch.result.renderOperand(into: &builder)
        }
        if let otherwise {
            builder.keyword("ELSE")
            try otherwise.renderOperand(into: &builder)
        }
        builder.keyword("END")
    }
}

extension SQLCase: @unchecked Sendable {}
