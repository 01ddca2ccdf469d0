import CoddCore

/// Ordering comparisons, for expressions whose representation is ``SQLComparable``.
///
/// ```swift
/// $0.priority.gte(Priority.medium)    // "priority" >= ?
/// $0.dueAt < cutoff                   // julianday("dueAt") < julianday(?) for a wrapped date
/// ```
extension SQLQueryExpression where QueryValue: SQLComparable {
    /// `self < other`.
    @inlinable
    public func lt(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        comparison("<", value: QueryValue(represented: other))
    }
    /// `self < other`.
    @inlinable
    public func lt(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> { comparison("<", other) }
    /// `self > other`.
    @inlinable
    public func gt(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        comparison(">", value: QueryValue(represented: other))
    }
    /// `self > other`.
    @inlinable
    public func gt(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> { comparison(">", other) }
    /// `self <= other`.
    @inlinable
    public func lte(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        comparison("<=", value: QueryValue(represented: other))
    }
    /// `self <= other`.
    @inlinable
    public func lte(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison("<=", other)
    }
    /// `self >= other`.
    @inlinable
    public func gte(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        comparison(">=", value: QueryValue(represented: other))
    }
    /// `self >= other`.
    @inlinable
    public func gte(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison(">=", other)
    }

    /// `self BETWEEN lower AND upper`.
    public func between(_ lower: QueryValue.Represented, and upper: QueryValue.Represented) -> SQLBetween {
        SQLBetween(operand: self, lower: QueryValue(represented: lower), upper: QueryValue(represented: upper))
    }

    /// `self BETWEEN lower AND upper`.
    public func between(_ lower: some SQLQueryExpression<QueryValue>, and upper: some SQLQueryExpression<QueryValue>)
        -> SQLBetween
    {
        SQLBetween(operand: self, lower: lower, upper: upper)
    }

    @_disfavoredOverload
    @inlinable
    public static func < (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.lt(rhs) }
    @_disfavoredOverload
    @inlinable
    public static func < (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.lt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func > (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.gt(rhs) }
    @_disfavoredOverload
    @inlinable
    public static func > (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.gt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func <= (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.lte(rhs) }
    @_disfavoredOverload
    @inlinable
    public static func <= (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.lte(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func >= (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.gte(rhs) }
    @_disfavoredOverload
    @inlinable
    public static func >= (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.gte(rhs)
    }

    /// The smallest value of the group: `min("priority")`; `filter:` considers only rows
    /// that match. `nil` when there is none.
    ///
    /// Picked by the type's order, as `<` compares: a type compared through a wrap is
    /// compared wrapped, and the result turned back into its stored form
    /// (`strftime('%Y-%m-%d %H:%M:%f', min(julianday("dueAt")))`; see
    /// `SQLComparisonWrapping.unwrapSQL(into:_:)`).
    public func min(filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<QueryValue.Optionalized>
    {
        SQLAggregate.picking("min", self, by: QueryValue.self, filter: filter)
    }

    /// The largest value of the group: `max("priority")`; `filter:` considers only rows
    /// that match. `nil` when there is none. Picked by the type's order, as ``min(filter:)``.
    public func max(filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<QueryValue.Optionalized>
    {
        SQLAggregate.picking("max", self, by: QueryValue.self, filter: filter)
    }
}

/// Ordering between an expression and an optional one of the same representation (a
/// `Date?` column against a `Date` column, or the outer side of a `LEFT JOIN`): both sides
/// wrapped as usual (`julianday("completedAt") < julianday("dueAt")`). NULL compares as
/// neither smaller nor larger, so such a row matches no ordering. (Non-generic overloads,
/// so a type that is not comparable keeps the diagnostic that says so.)
extension SQLQueryExpression where QueryValue: SQLComparable {
    /// `self < other`, `other` optional.
    @inlinable
    public func lt(_ other: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> { comparison("<", other) }
    /// `self > other`, `other` optional.
    @inlinable
    public func gt(_ other: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> { comparison(">", other) }
    /// `self <= other`, `other` optional.
    @inlinable
    public func lte(_ other: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        comparison("<=", other)
    }
    /// `self >= other`, `other` optional.
    @inlinable
    public func gte(_ other: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        comparison(">=", other)
    }

    /// `self BETWEEN lower AND upper`, the bounds optional.
    public func between(
        _ lower: some SQLQueryExpression<QueryValue?>, and upper: some SQLQueryExpression<QueryValue?>
    ) -> SQLBetween {
        SQLBetween(operand: self, lower: lower, upper: upper)
    }

    @_disfavoredOverload
    @inlinable
    public static func < (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.lt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func > (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.gt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func <= (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.lte(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func >= (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.gte(rhs)
    }
}

/// Ordering of an optional expression against a non-optional one.
extension SQLQueryExpression
where QueryValue: SQLComparable & SQLOptionalRepresentation, QueryValue.Wrapped: SQLComparable {
    /// `self < other`, `self` optional.
    @inlinable
    public func lt(_ other: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        comparison("<", other)
    }
    /// `self > other`, `self` optional.
    @inlinable
    public func gt(_ other: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        comparison(">", other)
    }
    /// `self <= other`, `self` optional.
    @inlinable
    public func lte(_ other: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        comparison("<=", other)
    }
    /// `self >= other`, `self` optional.
    @inlinable
    public func gte(_ other: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        comparison(">=", other)
    }

    /// `self BETWEEN lower AND upper`, `self` optional.
    public func between(
        _ lower: some SQLQueryExpression<QueryValue.Wrapped>, and upper: some SQLQueryExpression<QueryValue.Wrapped>
    ) -> SQLBetween {
        SQLBetween(operand: self, lower: lower, upper: upper)
    }

    @_disfavoredOverload
    @inlinable
    public static func < (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.lt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func > (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.gt(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func <= (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.lte(rhs)
    }
    @_disfavoredOverload
    @inlinable
    public static func >= (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.gte(rhs)
    }
}

/// An expression in its comparison form, for a function that returns one of its
/// arguments (`max("price" COLLATE "codd_decimal")`, `max(julianday("dueAt"))`, whose result
/// is then unwrapped; see ``SQLComparisonWrapping/pickingForm(in:)``).
struct SQLWrappedForm<QueryValue: SQLCustomType>: SQLExpression {
    let base: any SQLExpression

    func render(into builder: inout SQLBuilder) throws {
        try base.renderWrapped(into: &builder)
    }
}

/// `operand BETWEEN lower AND upper`, all three wrapped.
public struct SQLBetween: SQLQueryExpression {
    public typealias QueryValue = Bool
    let operand: any SQLExpression
    let lower: any SQLExpression
    let upper: any SQLExpression

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        try operand.renderWrapped(into: &builder)
        builder.keyword("BETWEEN")
        try lower.renderWrapped(into: &builder)
        builder.keyword("AND")
        try upper.renderWrapped(into: &builder)
    }
}
