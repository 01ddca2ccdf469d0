/// A typed SQL expression: a column, a value, an operation, a function call, a subquery.
///
/// `QueryValue` is the representation the expression produces (`String`, `Int?`,
/// `UUIDBytes`). It decides which operators the expression gets (``SQLEquatable`` for
/// `==`, ``SQLComparable`` for `<`), how it is wrapped where compared
/// (``SQLComparisonWrapping/wrapSQL(into:_:)``), and how a result column decodes.
///
/// Every ``SQLCustomType`` value is an expression too: it renders as a bound parameter
/// (`?`), or as a literal in the inline form.
public protocol SQLExpression<QueryValue>: SQLSelectable where QueryValue: SQLCustomType {
    /// Renders the expression.
    func render(into builder: inout SQLBuilder) throws

    /// Whether the expression is a plain value of its representation: a column or a bound
    /// value, not the result of a function or raw SQL. A comparison of two plain
    /// expressions of a representation that ``SQLComparisonWrapping/comparesUnwrapped`` skips
    /// `wrapSQL`, so an index on the column still serves it.
    var isPlainRepresentation: Bool { get }

    /// Whether the expression is an operation that needs parentheses as an operand
    /// (`a = b`, `x + 1`, `NOT y`); columns, values and function calls do not.
    var isCompound: Bool { get }

    /// Renders the expression as it is compared, ordered or passed to a function: by default
    /// its representation's `wrapSQL` around it. An expression that can render the wrapped
    /// form directly implements it, so nothing is wrapped twice: date arithmetic renders
    /// `julianday('now', '+7 days')`, not `julianday(strftime(…, 'now', '+7 days'))`.
    func renderWrapped(into builder: inout SQLBuilder) throws
}

extension SQLExpression {
    public var isPlainRepresentation: Bool { false }
    public var isCompound: Bool { false }

    /// Renders the expression as a result column; one named by an alias is parenthesized
    /// when compound: `("counts"."value" + 1) AS "value"`.
    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try builder.listItem {
            if alias != nil {
                try renderOperand(into: &$0)
            } else {
                try render(into: &$0)
            }
            if let alias {
                $0.keyword("AS")
                $0.identifier(alias)
            }
        }
    }

    /// Renders the expression as an operand: in parentheses when it is compound.
    public func renderOperand(into builder: inout SQLBuilder) throws {
        if isCompound {
            try builder.parenthesized { try render(into: &$0) }
        } else {
            try render(into: &builder)
        }
    }

    /// Renders the expression wrapped by its representation's `wrapSQL`, as where it is
    /// compared, ordered or passed to a function.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        try renderWrappedAsItsType(into: &builder)
    }

    /// What ``renderWrapped(into:)`` renders by default: the expression in its
    /// representation's `wrapSQL`. An expression that overrides ``renderWrapped(into:)`` for
    /// some cases renders the others through this.
    package func renderWrappedAsItsType(into builder: inout SQLBuilder) throws {
        // In a dialect with native types a natively typed value compares as it is (a
        // `timestamptz` is an instant already): no wrap.
        if QueryValue.comparesNatively(in: builder.dialect) {
            return try renderOperand(into: &builder)
        }
        let start = builder.sqlBuffer.count
        try QueryValue.wrapSQL(into: &builder) { builder in
            // Directly inside the parentheses of a call the wrap opened, the operand needs no
            // more; unwrapped (or wrapped otherwise), a compound operand does.
            if builder.sqlBuffer.count > start, builder.sqlBuffer.last == UInt8(ascii: "(") {
                try render(into: &builder)
            } else {
                try renderOperand(into: &builder)
            }
        }
    }
}

extension SQLCustomType {
    /// A value renders as a bound parameter, or as a literal in the inline form.
    public func render(into builder: inout SQLBuilder) throws {
        try builder.value(self)
    }

    public var isPlainRepresentation: Bool { true }
}
