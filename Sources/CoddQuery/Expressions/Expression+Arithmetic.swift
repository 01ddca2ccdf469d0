import CoddCore

/// A representation SQLite does arithmetic on: integers and reals, and their optionals.
public protocol SQLNumeric: SQLComparable {}

extension Int: SQLNumeric {}
extension Int8: SQLNumeric {}
extension Int16: SQLNumeric {}
extension Int32: SQLNumeric {}
extension Int64: SQLNumeric {}
extension UInt8: SQLNumeric {}
extension UInt16: SQLNumeric {}
extension UInt32: SQLNumeric {}
extension Double: SQLNumeric {}
extension Float: SQLNumeric {}
extension Optional: SQLNumeric where Wrapped: SQLNumeric {}

/// Arithmetic: `"position" + 1`, `-"balance"`.
extension SQLQueryExpression where QueryValue: SQLNumeric {
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "+", rhs)
    }
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "+", QueryValue(represented: rhs))
    }
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "-", rhs)
    }
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "-", QueryValue(represented: rhs))
    }
    @_disfavoredOverload
    public static func * (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "*", rhs)
    }
    @_disfavoredOverload
    public static func * (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "*", QueryValue(represented: rhs))
    }
    /// Division; integer division for integers, as in SQLite and Swift.
    @_disfavoredOverload
    public static func / (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "/", rhs)
    }
    @_disfavoredOverload
    public static func / (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "/", QueryValue(represented: rhs))
    }
    /// The remainder of integer division.
    @_disfavoredOverload
    public static func % (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "%", rhs)
    }
    @_disfavoredOverload
    public static func % (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "%", QueryValue(represented: rhs))
    }
    @_disfavoredOverload
    public static prefix func - (operand: Self) -> SQLPrefixOperation<QueryValue> {
        SQLPrefixOperation(op: "-", operand: operand)
    }

    /// `abs(self)`.
    public func abs() -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("abs", [.plain(self)])
    }

    /// `round(self, digits)`: a REAL.
    public func round(_ digits: Int = 0) -> SQLFunctionCall<Double> {
        digits == 0 ? SQLFunctionCall("round", [.plain(self)]) : SQLFunctionCall("round", [.plain(self), .plain(digits)])
    }
}
