import CoddCore

/// A Swift value as an expression of the DSL, for a value where SQL puts it first: on the
/// left of `IN`, `BETWEEN` or a named comparison. It binds (or renders as a literal) as any
/// value does; plain values themselves gain no DSL methods.
///
/// ```swift
/// SQLBound(token).in([$0.ownerToken, $0.editorToken])   // ? IN ("ownerToken", "editorToken")
/// SQLBound(3).between($0.low, and: $0.high)             // ? BETWEEN "low" AND "high"
/// ```
///
/// `as:` chooses the representation, as a column does (`SQLBound(id, as: UUID.BlobRepresentation.self)`
/// binds 16 bytes).
public struct SQLBound<QueryValue: SQLCustomType>: SQLQueryExpression {
    let value: QueryValue

    /// `value` in its own representation.
    public init(_ value: QueryValue) where QueryValue.Represented == QueryValue {
        self.value = value
    }

    /// `value` bound through `representation`.
    public init(_ value: QueryValue.Represented, as representation: QueryValue.Type) {
        self.value = QueryValue(represented: value)
    }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.value(value)
    }

    public var isPlainRepresentation: Bool { true }
}

extension SQLBound: SQLOrderable {}

extension SQLQueryExpression where QueryValue: SQLEquatable {
    /// `self IN (a, b, …)` of expressions: `? IN ("ownerID", "editorID")`. An empty list
    /// matches nothing.
    @_disfavoredOverload
    public func `in`(_ expressions: [any SQLExpression<QueryValue>]) -> SQLInList {
        let wraps =
            !QueryValue.comparesUnwrapped || !isPlainRepresentation
            || expressions.contains { !$0.isPlainRepresentation }
        return SQLInList(lhs: self, values: expressions.map { $0 as any SQLExpression }, wraps: wraps)
    }
}
