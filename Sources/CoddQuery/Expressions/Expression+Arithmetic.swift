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

/// Arithmetic: `"position" + 1`, `2 * "price"`, `-"balance"`.
///
/// `+`, `-` and `*` keep the operands' type. SQLite turns an integer result that overflows
/// 64 bits into a REAL, which an `Int` refuses to decode (`SQLDecodingError`, out of
/// range) rather than wrapping. `/` and `%` give NULL for a zero divisor, so dividing by an
/// expression is optional (`Int?`); dividing by a Swift value keeps the type, and a zero
/// value is an `SQLEncodingError` when the statement renders.
extension SQLQueryExpression where QueryValue: SQLNumeric {
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "+", rhs)
    }
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "+", QueryValue(represented: rhs))
    }
    /// `? + self`: a Swift value on the left.
    @_disfavoredOverload
    public static func + (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "+", rhs)
    }
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "-", rhs)
    }
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "-", QueryValue(represented: rhs))
    }
    /// `? - self`.
    @_disfavoredOverload
    public static func - (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "-", rhs)
    }
    @_disfavoredOverload
    public static func * (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "*", rhs)
    }
    @_disfavoredOverload
    public static func * (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "*", QueryValue(represented: rhs))
    }
    /// `? * self`.
    @_disfavoredOverload
    public static func * (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "*", rhs)
    }

    /// Division by an expression, which may be zero: SQLite's `x / 0` is NULL, so the
    /// result is optional. Integer division for integers, as in SQLite and Swift.
    @_disfavoredOverload
    public static func / (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<
        QueryValue.Optionalized
    > {
        SQLBinaryOperation(lhs, "/", rhs)
    }
    /// Division by a Swift value: the type stays, since the divisor is known. A zero divisor
    /// throws `SQLEncodingError` when the statement renders (SQLite would return NULL, which
    /// a non-optional type cannot hold); an optional expression stays optional and renders.
    @_disfavoredOverload
    public static func / (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(
            lhs, "/", SQLDivisor(QueryValue(represented: rhs), resultIsOptional: QueryValue.isOptionalRepresentation))
    }
    /// `? / self`: the divisor is the expression, so the result is optional.
    @_disfavoredOverload
    public static func / (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue.Optionalized> {
        SQLBinaryOperation(QueryValue(represented: lhs), "/", rhs)
    }
    /// The remainder of integer division by an expression: NULL (optional) for zero.
    @_disfavoredOverload
    public static func % (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<
        QueryValue.Optionalized
    > {
        SQLBinaryOperation(lhs, "%", rhs)
    }
    /// The remainder of integer division by a Swift value (see `/`).
    @_disfavoredOverload
    public static func % (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(
            lhs, "%", SQLDivisor(QueryValue(represented: rhs), resultIsOptional: QueryValue.isOptionalRepresentation))
    }
    /// `? % self`: optional.
    @_disfavoredOverload
    public static func % (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue.Optionalized> {
        SQLBinaryOperation(QueryValue(represented: lhs), "%", rhs)
    }

    /// `-self`. Negating the smallest 64-bit integer overflows: SQLite gives a REAL, which
    /// an `Int` refuses to decode.
    @_disfavoredOverload
    public static prefix func - (operand: Self) -> SQLPrefixOperation<QueryValue> {
        SQLPrefixOperation(op: "-", operand: operand)
    }

    /// `+self`: the value unchanged. In SQLite it drops the column's affinity and keeps an
    /// index from serving a comparison (a hint to the query planner).
    @_disfavoredOverload
    public static prefix func + (operand: Self) -> SQLPrefixOperation<QueryValue> {
        SQLPrefixOperation(op: "+", operand: operand)
    }

    /// `-self`, as a method: `$0.balance.negate()`.
    public func negate() -> SQLPrefixOperation<QueryValue> {
        SQLPrefixOperation(op: "-", operand: self)
    }

    /// `abs(self)`.
    public func abs() -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("abs", [.plain(self)])
    }

    /// `round(self, digits)`: a REAL.
    public func round(_ digits: Int = 0) -> SQLFunctionCall<Double> {
        digits == 0
            ? SQLFunctionCall("round", [.plain(self)]) : SQLFunctionCall("round", [.plain(self), .plain(digits)])
    }
}

/// A Swift value a statement divides by: rendered as any value, or, when it is zero and the
/// result cannot be NULL, an `SQLEncodingError` (SQLite's `x / 0` and `x % 0` are NULL).
struct SQLDivisor<QueryValue: SQLCustomType>: SQLExpression {
    let value: QueryValue
    let isZero: Bool

    init(_ value: QueryValue, resultIsOptional: Bool) {
        self.value = value
        self.isZero = !resultIsOptional && value.bindsZero
    }

    func render(into builder: inout SQLBuilder) throws {
        if isZero {
            throw SQLEncodingError(
                value,
                reason: "division by zero: SQLite's result is NULL, which a non-optional result cannot hold "
                    + "(divide by an expression for an optional result)"
            )
        }
        try value.render(into: &builder)
    }

    var isPlainRepresentation: Bool { true }
}

extension SQLCustomType {
    /// Whether the value binds as INTEGER 0 or REAL 0.0.
    var bindsZero: Bool {
        var probe = SQLZeroProbe()
        do {
            try bind(into: &probe)
        } catch {
            return false
        }
        return probe.isZero
    }
}

/// A binding context that only notes whether the value bound is zero.
private struct SQLZeroProbe: SQLBindingContext {
    var isZero = false
    mutating func bindNull() {}
    mutating func bindInteger(_ value: Int64) { isZero = value == 0 }
    mutating func bindReal(_ value: Double) { isZero = value == 0 }
    mutating func bindText(_ value: String) {}
    mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) {}
    mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) {}
}
