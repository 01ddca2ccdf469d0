import CoddCore

/// Comparisons with a Swift value on the left, rendered in the order written:
///
/// ```swift
/// 5 < $0.priority             // ? < "priority"
/// "Groceries" == $0.title     // ? = "title"
/// ```
///
/// The value binds through the expression's representation, as on the right. (A value
/// gains no methods: for `IN` and the named forms, see ``SQLBound``.)
extension SQLQueryExpression where QueryValue: SQLEquatable {
    /// `? = self` (`self IS NULL` for `nil`).
    @_disfavoredOverload
    @inlinable
    public static func == (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison("=", nullForm: "IS", value: QueryValue(represented: lhs))
    }
    /// `? <> self` (`self IS NOT NULL` for `nil`).
    @_disfavoredOverload
    @inlinable
    public static func != (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison("<>", nullForm: "IS NOT", value: QueryValue(represented: lhs))
    }

    /// `value OP self`, wrapped as `self OP value` is; a `nil` value compares with `IS`.
    @inlinable
    func reversedComparison(_ op: StaticString, nullForm: StaticString, value: QueryValue) -> SQLBinaryOperation<Bool> {
        if value.isNilValue { return comparison(nullForm, SQLNullKeyword<QueryValue>()) }
        let unwrapped = QueryValue.comparesUnwrapped && isPlainRepresentation && value.isPlainRepresentation
        return SQLBinaryOperation(value, op, self, wrapsOperands: !unwrapped)
    }
}

extension SQLQueryExpression where QueryValue: SQLComparable {
    /// `? < self`.
    @_disfavoredOverload
    @inlinable
    public static func < (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison("<", value: QueryValue(represented: lhs))
    }
    /// `? > self`.
    @_disfavoredOverload
    @inlinable
    public static func > (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison(">", value: QueryValue(represented: lhs))
    }
    /// `? <= self`.
    @_disfavoredOverload
    @inlinable
    public static func <= (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison("<=", value: QueryValue(represented: lhs))
    }
    /// `? >= self`.
    @_disfavoredOverload
    @inlinable
    public static func >= (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<Bool> {
        rhs.reversedComparison(">=", value: QueryValue(represented: lhs))
    }

    /// `value OP self`, wrapped as `self OP value` is.
    @inlinable
    func reversedComparison(_ op: StaticString, value: QueryValue) -> SQLBinaryOperation<Bool> {
        let unwrapped = QueryValue.comparesUnwrapped && isPlainRepresentation && value.isPlainRepresentation
        return SQLBinaryOperation(value, op, self, wrapsOperands: !unwrapped)
    }
}

extension SQLQueryExpression where QueryValue: SQLText {
    /// Concatenation with a value on the left: `? || self`.
    @_disfavoredOverload
    public static func + (lhs: String, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "||", rhs)
    }
}
