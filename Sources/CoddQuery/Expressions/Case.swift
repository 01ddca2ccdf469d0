import CoddCore

/// A `CASE` expression: searched (each `WHEN` a condition) or simple (each `WHEN` a value
/// the subject is compared with).
///
/// ```swift
/// SQLCase()
///     .when($0.priority.eq(Priority.high), then: "!!!")
///     .when($0.priority.eq(Priority.medium), then: "!!")
///     .else("")
/// // CASE WHEN ("priority" = ?) THEN ? WHEN ("priority" = ?) THEN ? ELSE ? END
///
/// SQLCase($0.priority)
///     .when(.high, then: "!!!")
///     .when(.medium, then: "!!")
///     .else("")
/// // CASE "priority" WHEN ? THEN ? WHEN ? THEN ? ELSE ? END
/// ```
///
/// `Subject` is what each `WHEN` takes: `Bool` for a searched CASE, the subject's
/// representation for a simple one, whose values bind through it (a subject that compares
/// wrapped, a date stored as text, renders `CASE julianday("dueAt") WHEN julianday(?)`).
/// Without `else`, a row no `WHEN` matches gives NULL, so the result is optional.
public struct SQLCase<Subject: SQLCustomType, QueryValue: SQLCustomType>: SQLQueryExpression {
    let subject: (any SQLExpression)?
    var branches: [(condition: any SQLExpression, result: any SQLExpression)]
    var otherwise: (any SQLExpression)?

    /// A searched CASE: each `when` takes a condition.
    public init() where Subject == Bool, QueryValue == Bool {
        self.subject = nil
        self.branches = []
    }

    /// A simple CASE over `subject`: each `when` takes a value or an expression of its
    /// representation, compared with `=` (NULL matches no `WHEN`).
    public init(_ subject: some SQLQueryExpression<Subject>) where QueryValue == Bool {
        self.subject = subject
        self.branches = []
    }

    fileprivate init(
        subject: (any SQLExpression)?, branches: [(any SQLExpression, any SQLExpression)],
        otherwise: (any SQLExpression)?
    ) {
        self.subject = subject
        self.branches = branches.map { (condition: $0.0, result: $0.1) }
        self.otherwise = otherwise
    }

    private func adding<R>(_ condition: any SQLExpression, _ result: any SQLExpression) -> SQLCase<Subject, R?> {
        SQLCase<Subject, R?>(
            subject: subject, branches: branches.map { ($0.condition, $0.result) } + [(condition, result)],
            otherwise: otherwise)
    }

    /// Adds `WHEN condition THEN result` (a searched CASE's condition, or an expression the
    /// subject is compared with); the first branch decides the result type.
    public func when<R: SQLCustomType>(
        _ condition: some SQLExpression<Subject>, then result: some SQLQueryExpression<R>
    ) -> SQLCase<Subject, R?> {
        adding(condition, result)
    }

    /// Adds `WHEN condition THEN ?`.
    public func when<R: SQLCustomType>(_ condition: some SQLExpression<Subject>, then result: R) -> SQLCase<Subject, R?>
    {
        adding(condition, result)
    }

    /// Adds `WHEN ? THEN result`: a value the subject is compared with, bound through the
    /// subject's representation.
    @_disfavoredOverload
    public func when<R: SQLCustomType>(_ value: Subject.Represented, then result: some SQLQueryExpression<R>)
        -> SQLCase<Subject, R?>
    {
        adding(Subject(represented: value), result)
    }

    /// Adds `WHEN ? THEN ?`.
    @_disfavoredOverload
    public func when<R: SQLCustomType>(_ value: Subject.Represented, then result: R) -> SQLCase<Subject, R?> {
        adding(Subject(represented: value), result)
    }

    /// Ends with `ELSE result`: the CASE now has a value for every row.
    public func `else`<R: SQLCustomType>(_ result: some SQLQueryExpression<R>) -> SQLCase<Subject, R>
    where QueryValue == R? {
        SQLCase<Subject, R>(subject: subject, branches: branches.map { ($0.condition, $0.result) }, otherwise: result)
    }

    /// Ends with `ELSE ?`.
    public func `else`<R: SQLCustomType>(_ result: R) -> SQLCase<Subject, R> where QueryValue == R? {
        SQLCase<Subject, R>(subject: subject, branches: branches.map { ($0.condition, $0.result) }, otherwise: result)
    }

    public func render(into builder: inout SQLBuilder) throws {
        guard !branches.isEmpty else {
            throw SQLEncodingError(type: "SQLCase", valuePreview: "", reason: "a CASE needs at least one WHEN")
        }
        builder.keyword("CASE")
        // A simple CASE compares the subject with each value as `=` does: wrapped, unless
        // all are plain values of a representation that compares unwrapped.
        let wraps =
            subject.map { subject in
                !(Subject.comparesUnwrapped && subject.isPlainRepresentation
                    && branches.allSatisfy { $0.condition.isPlainRepresentation })
            } ?? false
        if let subject {
            if wraps { try subject.renderWrapped(into: &builder) } else { try subject.renderOperand(into: &builder) }
        }
        for branch in branches {
            builder.keyword("WHEN")
            if wraps {
                try branch.condition.renderWrapped(into: &builder)
            } else {
                try branch.condition.renderOperand(into: &builder)
            }
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
