import CoddCore

/// Boolean logic. Operands that are not plain columns or values are parenthesized:
/// `(NOT "isCompleted") AND (date("dueAt") < date())`.
extension SQLQueryExpression where QueryValue == Bool {
    /// `(self) AND (other)`.
    public func and(_ other: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(self, "AND", other, parenthesizesOperands: true)
    }

    /// `(self) OR (other)`.
    public func or(_ other: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(self, "OR", other, parenthesizesOperands: true)
    }

    /// `NOT self`.
    public func not() -> SQLPrefixOperation<Bool> {
        SQLPrefixOperation(op: "NOT", operand: self)
    }

    @_disfavoredOverload

    public static func && (lhs: Self, rhs: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> { lhs.and(rhs) }
    @_disfavoredOverload
    public static func || (lhs: Self, rhs: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> { lhs.or(rhs) }
    @_disfavoredOverload
    public static prefix func ! (operand: Self) -> SQLPrefixOperation<Bool> { operand.not() }
}

/// A condition that is always true or false, for building conditions in a loop.
public struct SQLBoolLiteral: SQLQueryExpression {
    public typealias QueryValue = Bool
    let value: Bool

    /// `1` or `0`, rendered as SQL (never bound).
    public init(_ value: Bool) {
        self.value = value
    }

    public func render(into builder: inout SQLBuilder) throws {
        builder.dialect.spelling.renderBoolean(value, into: &builder)
    }
}

/// Logic over nullable booleans (the outer side of an outer join). SQL's logic is
/// three-valued: `NOT NULL` is NULL, which a filter treats as false.
extension SQLQueryExpression where QueryValue == Bool? {
    /// `NOT self`.
    public func not() -> SQLPrefixOperation<Bool> {
        SQLPrefixOperation(op: "NOT", operand: self)
    }

    /// `(self) AND (other)`.
    public func and(_ other: some SQLQueryExpression) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(self, "AND", other, parenthesizesOperands: true)
    }

    /// `(self) OR (other)`.
    public func or(_ other: some SQLQueryExpression) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(self, "OR", other, parenthesizesOperands: true)
    }

    @_disfavoredOverload
    public static prefix func ! (operand: Self) -> SQLPrefixOperation<Bool> { operand.not() }
    @_disfavoredOverload
    public static func && (lhs: Self, rhs: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> { lhs.and(rhs) }
    @_disfavoredOverload
    public static func && (lhs: Self, rhs: some SQLQueryExpression<Bool?>) -> SQLBinaryOperation<Bool> { lhs.and(rhs) }
    @_disfavoredOverload
    public static func || (lhs: Self, rhs: some SQLQueryExpression<Bool>) -> SQLBinaryOperation<Bool> { lhs.or(rhs) }
    @_disfavoredOverload
    public static func || (lhs: Self, rhs: some SQLQueryExpression<Bool?>) -> SQLBinaryOperation<Bool> { lhs.or(rhs) }
}

extension SQLQueryExpression where QueryValue == Bool {
    /// `(self) AND (other)`, `other` nullable.
    @_disfavoredOverload
    public static func && (lhs: Self, rhs: some SQLQueryExpression<Bool?>) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(lhs, "AND", rhs, parenthesizesOperands: true)
    }

    /// `(self) OR (other)`, `other` nullable.
    @_disfavoredOverload
    public static func || (lhs: Self, rhs: some SQLQueryExpression<Bool?>) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(lhs, "OR", rhs, parenthesizesOperands: true)
    }
}
