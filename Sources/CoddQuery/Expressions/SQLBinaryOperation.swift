import CoddCore

/// `lhs OP rhs`: a comparison, arithmetic, concatenation or logical operation.
///
/// Compound operands are parenthesized; comparisons wrap both operands with their
/// representation's `wrapSQL` (`julianday("dueAt") < julianday(?)`) unless both are plain
/// values of a representation that compares unwrapped.
///
/// The operator and its operands live in one heap object, each operand held as its own type:
/// a column compared with a value (`"id" = ?`) is one allocation, not a box for the
/// operation and another for the column (a `TableColumn` outgrows an existential's inline
/// buffer), and the operation itself fits that buffer where a statement stores it.
public struct SQLBinaryOperation<QueryValue: SQLCustomType>: SQLQueryExpression {
    @usableFromInline let operands: any SQLBinaryOperands

    /// Each operand held as its own type; an operand known only as an existential is opened.
    @inlinable
    package init<L: SQLExpression, R: SQLExpression>(
        _ lhs: L, _ op: StaticString, _ rhs: R, wrapsOperands: Bool = false, parenthesizesOperands: Bool = false
    ) {
        operands = SQLBinaryOperandPair(
            lhs: lhs, op: op, rhs: rhs, wrapsOperands: wrapsOperands, parenthesizesOperands: parenthesizesOperands)
    }

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        try operands.render(into: &builder)
    }

    /// The operator as the dialect spells it: PostgreSQL's `IS` takes only NULL, TRUE and
    /// FALSE, so SQLite's null-safe `IS` / `IS NOT` between values is
    /// `IS NOT DISTINCT FROM` / `IS DISTINCT FROM` there.
    static func spelled(_ op: StaticString, in dialect: SQLDialect, rhs: some SQLExpression) -> StaticString {
        // Byte by byte, and by length first: every comparison renders through here.
        let form = op.withUTF8Buffer { bytes -> Bool? in
            guard bytes.count == 2 || bytes.count == 6, bytes[0] == UInt8(ascii: "I"), bytes[1] == UInt8(ascii: "S")
            else { return nil }
            if bytes.count == 2 { return false }
            return bytes[2] == UInt8(ascii: " ") && bytes[3] == UInt8(ascii: "N") && bytes[4] == UInt8(ascii: "O")
                && bytes[5] == UInt8(ascii: "T") ? true : nil
        }
        guard let negated = form, !(rhs is any SQLNullLiteral) else { return op }
        return dialect.spelling.nullSafeEquality(negated: negated)
    }
}

/// The heap object of a ``SQLBinaryOperation``: its operator, its operands and how they render.
@usableFromInline
package protocol SQLBinaryOperands: AnyObject, Sendable {
    func render(into builder: inout SQLBuilder) throws
}

/// The operator and both operands, each held as its own type.
@usableFromInline
final class SQLBinaryOperandPair<L: SQLExpression, R: SQLExpression>: SQLBinaryOperands {
    let lhs: L
    let op: StaticString
    let rhs: R
    let wrapsOperands: Bool
    let parenthesizesOperands: Bool

    @usableFromInline
    init(lhs: L, op: StaticString, rhs: R, wrapsOperands: Bool, parenthesizesOperands: Bool) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.wrapsOperands = wrapsOperands
        self.parenthesizesOperands = parenthesizesOperands
    }

    /// `lhs OP rhs`, each operand as the operation asks.
    @usableFromInline
    func render(into builder: inout SQLBuilder) throws {
        try renderOperand(lhs, into: &builder)
        builder.keyword(SQLBinaryOperation<Bool>.spelled(op, in: builder.dialect, rhs: rhs))
        try renderOperand(rhs, into: &builder)
    }

    private func renderOperand(_ operand: some SQLExpression, into builder: inout SQLBuilder) throws {
        if parenthesizesOperands && !operand.isPlainRepresentation {
            try builder.parenthesized { try operand.render(into: &$0) }
        } else if wrapsOperands {
            try operand.renderWrapped(into: &builder)
        } else {
            try operand.renderOperand(into: &builder)
        }
    }
}
