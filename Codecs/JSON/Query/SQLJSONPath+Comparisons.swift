import CoddCore
import CoddJSON
import CoddQuery

// Comparisons of a JSON path, for members whose type has an SQL order or equality
// (`SQLComparable`, `SQLEquatable`: strings, numbers, dates, UUIDs, decimals, your
// representations) and enums stored by raw value: the path's SQL value and the compared value
// in the member's JSON form, both in the comparison form of its codec.

extension SQLJSONPath where Value: SQLEquatable {
    /// `("doc" ->> '$.p') = ?`, the value bound in its JSON form.
    public func eq(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("=", SQLJSONComparand<Value, Options>(value: other))
    }
    /// `("doc" ->> '$.p') <> ?`: false where the member is missing, as any SQL comparison
    /// with NULL.
    public func neq(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("<>", SQLJSONComparand<Value, Options>(value: other))
    }
    /// Equal to another path's member of the same type.
    public func eq<O2>(_ other: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { comparison("=", other) }
    /// Equal to an expression of the member's representation (a column).
    public func eq(_ other: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { comparison("=", other) }
    /// `("doc" ->> '$.p') IN (?, ?, …)`; an empty list matches nothing.
    public func `in`(_ values: some Sequence<Value>) -> SQLJSONInList {
        SQLJSONInList(lhs: self, values: values.map { SQLJSONComparand<Value, Options>(value: $0) })
    }

    @_disfavoredOverload
    public static func == (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
    @_disfavoredOverload
    public static func != (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.neq(rhs) }
    @_disfavoredOverload
    public static func == <O2>(lhs: Self, rhs: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
    @_disfavoredOverload
    public static func == (lhs: Self, rhs: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
}

extension SQLJSONPath where Value: RawRepresentable, Value.RawValue: SQLEquatable {
    /// An enum stored by raw value (`enum Theme: String, Codable`): `("doc" ->> '$.theme') = ?`,
    /// bound its raw value.
    @_disfavoredOverload
    public func eq(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("=", SQLJSONComparand<Value, Options>(value: other))
    }
    @_disfavoredOverload
    public func neq(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("<>", SQLJSONComparand<Value, Options>(value: other))
    }
    @_disfavoredOverload
    public func `in`(_ values: some Sequence<Value>) -> SQLJSONInList {
        SQLJSONInList(lhs: self, values: values.map { SQLJSONComparand<Value, Options>(value: $0) })
    }
    @_disfavoredOverload
    public static func == (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
    @_disfavoredOverload
    public static func != (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.neq(rhs) }
}

extension SQLJSONPath where Value: SQLEquatable & RawRepresentable, Value.RawValue: SQLEquatable {
    /// An enum or tagged value declared `SQLEquatable` as well (as CustomTypes.md declares
    /// one): compared in its own representation's form, as `eq(_:)` does. Without these,
    /// `$0.card.mood == .sad` found both operators above and was ambiguous.
    @_disfavoredOverload
    public static func == (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
    @_disfavoredOverload
    public static func != (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.neq(rhs) }
}

extension SQLJSONPath where Value: SQLComparable {
    public func lt(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("<", SQLJSONComparand<Value, Options>(value: other))
    }
    public func gt(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison(">", SQLJSONComparand<Value, Options>(value: other))
    }
    public func lte(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison("<=", SQLJSONComparand<Value, Options>(value: other))
    }
    public func gte(_ other: Value) -> SQLBinaryOperation<Bool> {
        comparison(">=", SQLJSONComparand<Value, Options>(value: other))
    }
    public func lt<O2>(_ other: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { comparison("<", other) }
    public func gt<O2>(_ other: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { comparison(">", other) }
    public func lt(_ other: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { comparison("<", other) }
    public func gt(_ other: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { comparison(">", other) }

    /// `("doc" ->> '$.p') BETWEEN ? AND ?`.
    public func between(_ lower: Value, and upper: Value) -> SQLJSONBetween {
        SQLJSONBetween(
            operand: self, lower: SQLJSONComparand<Value, Options>(value: lower),
            upper: SQLJSONComparand<Value, Options>(value: upper))
    }

    @_disfavoredOverload
    public static func < (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.lt(rhs) }
    @_disfavoredOverload
    public static func > (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.gt(rhs) }
    @_disfavoredOverload
    public static func <= (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.lte(rhs) }
    @_disfavoredOverload
    public static func >= (lhs: Self, rhs: Value) -> SQLBinaryOperation<Bool> { lhs.gte(rhs) }
    @_disfavoredOverload
    public static func < <O2>(lhs: Self, rhs: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { lhs.lt(rhs) }
    @_disfavoredOverload
    public static func > <O2>(lhs: Self, rhs: SQLJSONPath<Value, O2>) -> SQLBinaryOperation<Bool> { lhs.gt(rhs) }
    @_disfavoredOverload
    public static func < (lhs: Self, rhs: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { lhs.lt(rhs) }
    @_disfavoredOverload
    public static func > (lhs: Self, rhs: some SQLQueryExpression<Value>) -> SQLBinaryOperation<Bool> { lhs.gt(rhs) }

}

extension SQLJSONPath {
    /// `("doc" ->> '$.p') IS NULL`: the member is missing or JSON `null`.
    public static func == (lhs: Self, rhs: _OptionalNilComparisonType) -> SQLJSONNullCheck {
        SQLJSONNullCheck(value: { try lhs.renderValue(into: &$0) }, negated: false)
    }

    /// `("doc" ->> '$.p') IS NOT NULL`: the member is there and not `null`.
    public static func != (lhs: Self, rhs: _OptionalNilComparisonType) -> SQLJSONNullCheck {
        SQLJSONNullCheck(value: { try lhs.renderValue(into: &$0) }, negated: true)
    }

    /// `("doc" ->> '$.p') IS NULL`, as a column's `is(nil)`: the member is missing or JSON
    /// `null` (or the row is, after an outer join).
    public func `is`(_ none: _OptionalNilComparisonType) -> SQLJSONNullCheck {
        self == none
    }

    /// `("doc" ->> '$.p') IS NOT NULL`, as a column's `isNot(nil)`.
    public func isNot(_ none: _OptionalNilComparisonType) -> SQLJSONNullCheck {
        self != none
    }

    func comparison(_ op: StaticString, _ other: some SQLExpression) -> SQLBinaryOperation<Bool> {
        SQLBinaryOperation(self, op, other, wrapsOperands: true)
    }
}

/// `(value) IS NULL` / `IS NOT NULL`.
public struct SQLJSONNullCheck: SQLQueryExpression {
    public typealias QueryValue = Bool
    let value: @Sendable (inout SQLBuilder) throws -> Void
    let negated: Bool

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.parenthesized(value)
        builder.keyword(negated ? "IS NOT NULL" : "IS NULL")
    }
}

/// `lhs IN (?, ?, …)`, every side wrapped.
public struct SQLJSONInList: SQLQueryExpression {
    public typealias QueryValue = Bool
    let lhs: any SQLExpression
    let values: [any SQLExpression]

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        try lhs.renderWrapped(into: &builder)
        builder.keyword("IN")
        try builder.parenthesized { builder in
            for value in values { try builder.listItem { try value.renderWrapped(into: &$0) } }
        }
    }
}

/// `operand BETWEEN lower AND upper`, all three wrapped.
public struct SQLJSONBetween: SQLQueryExpression {
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
