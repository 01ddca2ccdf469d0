import CoddCore

/// A typed SQL expression: a column, a bound value, an operation, a function call.
///
/// `QueryValue` is the representation the expression produces (`String`, `Int?`,
/// `UUIDBytes`); it decides the operators the expression gets (``SQLEquatable`` for
/// `==`, ``SQLComparable`` for `<`) and how a result column decodes.
public protocol SQLExpression<QueryValue>: Sendable {
    associatedtype QueryValue: SQLCustomType

    /// Renders the expression.
    func render(into builder: inout SQLBuilder) throws

    /// Whether the expression is a plain value of its representation (a column or a bound
    /// value), not the result of a function or raw SQL. Comparisons between two such
    /// expressions of a representation that compares canonically skip `wrapSQL`, so
    /// an index on the column still serves them.
    var isPlainRepresentation: Bool { get }
}

extension SQLExpression {
    public var isPlainRepresentation: Bool { false }

    /// The expression rendered with `?` placeholders and its bindings.
    public var fragment: SQLFragment {
        get throws { try SQLFragment(mode: .parameters) { try render(into: &$0) } }
    }
}
