import CoddCore

/// An integer representation: bitwise operators apply (`&`, `|`, `<<`, `>>`, `~`).
public protocol SQLBitwise: SQLNumeric {}

extension Int: SQLBitwise {}
extension Int8: SQLBitwise {}
extension Int16: SQLBitwise {}
extension Int32: SQLBitwise {}
extension Int64: SQLBitwise {}
extension UInt8: SQLBitwise {}
extension UInt16: SQLBitwise {}
extension UInt32: SQLBitwise {}
extension Optional: SQLBitwise where Wrapped: SQLBitwise {}

/// Bitwise operators on 64-bit integers, as SQLite computes them: `"flags" & ?`,
/// `"flags" | ?`, `1 << "bit"`, `~"mask"`.
///
/// A shift by 64 or more gives 0 (or -1 shifting a negative value right); a negative shift
/// shifts the other way. NULL in gives NULL out.
extension SQLQueryExpression where QueryValue: SQLBitwise {
    /// `self & other`.
    @_disfavoredOverload
    public static func & (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "&", rhs)
    }
    @_disfavoredOverload
    public static func & (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "&", QueryValue(represented: rhs))
    }
    @_disfavoredOverload
    public static func & (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "&", rhs)
    }

    /// `self | other`.
    @_disfavoredOverload
    public static func | (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "|", rhs)
    }
    @_disfavoredOverload
    public static func | (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "|", QueryValue(represented: rhs))
    }
    @_disfavoredOverload
    public static func | (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "|", rhs)
    }

    /// `self << count`.
    @_disfavoredOverload
    public static func << (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "<<", SQLShiftCount(rhs))
    }
    @_disfavoredOverload
    public static func << (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "<<", SQLShiftCount(QueryValue(represented: rhs)))
    }
    @_disfavoredOverload
    public static func << (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), "<<", SQLShiftCount(rhs))
    }

    /// `self >> count`: an arithmetic shift (the sign is kept).
    @_disfavoredOverload
    public static func >> (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, ">>", SQLShiftCount(rhs))
    }
    @_disfavoredOverload
    public static func >> (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, ">>", SQLShiftCount(QueryValue(represented: rhs)))
    }
    @_disfavoredOverload
    public static func >> (lhs: QueryValue.Represented, rhs: Self) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(QueryValue(represented: lhs), ">>", SQLShiftCount(rhs))
    }

    /// `~self`: every bit flipped.
    @_disfavoredOverload
    public static prefix func ~ (operand: Self) -> SQLPrefixOperation<QueryValue> {
        SQLPrefixOperation(op: "~", operand: operand)
    }
}

/// The count of a shift, as the dialect takes it (PostgreSQL: `CAST(? AS INTEGER)`).
struct SQLShiftCount: SQLExpression {
    typealias QueryValue = Int?
    let count: any SQLExpression

    init(_ count: any SQLExpression) {
        self.count = count
    }

    func render(into builder: inout SQLBuilder) throws {
        try builder.dialect.spelling.renderShiftCount(into: &builder) { try count.renderOperand(into: &$0) }
    }

    var isPlainRepresentation: Bool { count.isPlainRepresentation }
}
