import CoddCore

/// Equality, for expressions whose representation is ``SQLEquatable``.
///
/// ```swift
/// $0.title.eq("Groceries")       // "title" = ?
/// $0.deletedAt.eq(nil)           // "deletedAt" IS NULL
/// $0.id.eq($1.remindersListID)   // "remindersLists"."id" = "reminders"."remindersListID"
/// ```
///
/// A value compared with a column binds through the column's representation: a UUID
/// compared with a `UUIDBytes` column binds 16 bytes.
extension SQLQueryExpression where QueryValue: SQLEquatable {
    /// `self = other` (`IS NULL` when `other` is `nil`).
    @inlinable
    public func eq(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        let value = QueryValue(represented: other)
        return isNil(value) ? comparison("IS", SQLNullKeyword<QueryValue>()) : comparison("=", value: value)
    }

    /// `self = other`.
    @inlinable
    public func eq(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison("=", other)
    }

    /// `self <> other` (`IS NOT NULL` when `other` is `nil`).
    @inlinable
    public func neq(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        let value = QueryValue(represented: other)
        return isNil(value) ? comparison("IS NOT", SQLNullKeyword<QueryValue>()) : comparison("<>", value: value)
    }

    /// `self <> other`.
    @inlinable
    public func neq(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison("<>", other)
    }

    /// `self IS other`: equality in which NULL equals NULL.
    @inlinable
    public func `is`(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        let value = QueryValue(represented: other)
        return isNil(value) ? comparison("IS", SQLNullKeyword<QueryValue>()) : comparison("IS", value: value)
    }

    /// `self IS other`.
    @inlinable
    public func `is`(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison("IS", other)
    }

    /// `self IS NOT other`: `isNot(nil)` renders `IS NOT NULL`.
    @inlinable
    public func isNot(_ other: QueryValue.Represented) -> SQLBinaryOperation<Bool> {
        let value = QueryValue(represented: other)
        return isNil(value) ? comparison("IS NOT", SQLNullKeyword<QueryValue>()) : comparison("IS NOT", value: value)
    }

    /// `self IS NOT other`.
    @inlinable
    public func isNot(_ other: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        comparison("IS NOT", other)
    }

    /// `self IN (?, ?, …)`; an empty sequence matches nothing.
    public func `in`(_ values: some Sequence<QueryValue.Represented>) -> SQLInList {
        SQLInList(
            lhs: self, values: values.map { QueryValue(represented: $0) },
            wraps: !QueryValue.comparesUnwrapped || !isPlainRepresentation
        )
    }

    /// `self IN (SELECT …)`. A representation that wraps compares wrapped values on both
    /// sides: `julianday("at") IN (SELECT julianday("value") FROM (SELECT … AS "value"))`.
    public func `in`<Query: SQLSelectStatement<QueryValue>>(_ query: Query) -> SQLInSubquery {
        let wraps = !QueryValue.comparesUnwrapped || !isPlainRepresentation
        return SQLInSubquery(
            lhs: self, query: query,
            wrappedQuery: wraps ? (query as? any SelectCoreProviding)?.selectCore : nil,
            wrap: { try SQLColumnNamed<QueryValue>(name: "value").renderWrapped(into: &$0) }
        )
    }

    /// `self = other`, or `self IS NULL` for `nil`.
    @_disfavoredOverload
    @inlinable
    public static func == (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.eq(rhs) }
    /// `self = other`.
    @_disfavoredOverload
    @inlinable
    public static func == (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.eq(rhs)
    }
    /// `self <> other`, or `self IS NOT NULL` for `nil`.
    @_disfavoredOverload
    @inlinable
    public static func != (lhs: Self, rhs: QueryValue.Represented) -> SQLBinaryOperation<Bool> { lhs.neq(rhs) }
    /// `self <> other`.
    @_disfavoredOverload
    @inlinable
    public static func != (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<Bool> {
        lhs.neq(rhs)
    }

    /// A comparison: both operands wrapped unless both are plain values of a
    /// representation that compares unwrapped.
    @inlinable
    func comparison(_ op: StaticString, _ other: some SQLExpression) -> SQLBinaryOperation<Bool> {
        // `IS NULL` asks about the stored value itself: never wrapped.
        let unwrapped =
            other is any SQLNullLiteral
            || (QueryValue.comparesUnwrapped && isPlainRepresentation && other.isPlainRepresentation)
        return SQLBinaryOperation(self, op, other, wrapsOperands: !unwrapped)
    }

    /// A comparison with a value, which is never the `NULL` keyword: no dynamic cast.
    @inlinable
    func comparison(_ op: StaticString, value: QueryValue) -> SQLBinaryOperation<Bool> {
        let unwrapped = QueryValue.comparesUnwrapped && isPlainRepresentation && value.isPlainRepresentation
        return SQLBinaryOperation(self, op, value, wrapsOperands: !unwrapped)
    }

    @inlinable
    func isNil(_ value: QueryValue) -> Bool {
        value.isNilValue
    }
}

/// Equality between an expression and an optional one of the same representation
/// (a column and the outer side of a `LEFT JOIN`).
extension SQLQueryExpression where QueryValue: SQLEquatable {
    /// `self = other`, `other` optional.
    @inlinable
    public func eq<Wrapped>(_ other: some SQLQueryExpression<Wrapped?>) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped {
        comparison("=", other)
    }

    /// `self = other`, `self` optional.
    @inlinable
    public func eq<Wrapped: SQLEquatable>(_ other: some SQLQueryExpression<Wrapped>) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped? {
        comparison("=", other)
    }

    /// `self <> other`, `other` optional.
    @inlinable
    public func neq<Wrapped>(_ other: some SQLQueryExpression<Wrapped?>) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped {
        comparison("<>", other)
    }

    /// `self <> other`, `self` optional.
    @inlinable
    public func neq<Wrapped: SQLEquatable>(_ other: some SQLQueryExpression<Wrapped>) -> SQLBinaryOperation<Bool>
    where QueryValue == Wrapped? {
        comparison("<>", other)
    }
}

/// `==` and `!=` between an expression and an optional one of the same representation, as
/// `eq` and `neq` above (non-generic, so a mismatched type keeps its plain diagnostic).
extension SQLQueryExpression where QueryValue: SQLEquatable {
    /// `self = other`, `other` optional.
    @_disfavoredOverload
    @inlinable
    public static func == (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.comparison("=", rhs)
    }
    /// `self <> other`, `other` optional.
    @_disfavoredOverload
    @inlinable
    public static func != (lhs: Self, rhs: some SQLQueryExpression<QueryValue?>) -> SQLBinaryOperation<Bool> {
        lhs.comparison("<>", rhs)
    }
}

extension SQLQueryExpression
where QueryValue: SQLEquatable & SQLOptionalRepresentation, QueryValue.Wrapped: SQLEquatable {
    /// `self = other`, `self` optional.
    @_disfavoredOverload
    @inlinable
    public static func == (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.comparison("=", rhs)
    }
    /// `self <> other`, `self` optional.
    @_disfavoredOverload
    @inlinable
    public static func != (lhs: Self, rhs: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLBinaryOperation<Bool> {
        lhs.comparison("<>", rhs)
    }
}

/// What marks the `NULL` keyword, whatever its type.
@usableFromInline
protocol SQLNullLiteral {}

/// `NULL`, written as the keyword and typed as the column it is compared with:
/// `"deletedAt" IS NULL`. Not API: `eq(nil)` and its kin build it (the one public `SQLNull`
/// is the value a Swift function returning nothing gives SQL).
@usableFromInline
struct SQLNullKeyword<QueryValue: SQLCustomType>: SQLQueryExpression, SQLNullLiteral {
    @usableFromInline
    init() {}

    @usableFromInline
    func render(into builder: inout SQLBuilder) throws {
        builder.null()
    }

    @usableFromInline
    var isPlainRepresentation: Bool { true }
}

/// `lhs IN (?, ?, …)`.
public struct SQLInList: SQLQueryExpression {
    public typealias QueryValue = Bool
    let lhs: any SQLExpression
    let values: [any SQLExpression]
    let wraps: Bool

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        if wraps { try lhs.renderWrapped(into: &builder) } else { try lhs.renderOperand(into: &builder) }
        builder.keyword("IN")
        try builder.parenthesized { builder in
            for value in values {
                try builder.listItem {
                    if wraps { try value.renderWrapped(into: &$0) } else { try value.render(into: &$0) }
                }
            }
        }
    }
}

/// `lhs IN (SELECT …)`.
public struct SQLInSubquery: SQLQueryExpression {
    public typealias QueryValue = Bool
    let lhs: any SQLExpression
    let query: any SQLStatement
    /// The subquery, when both sides are compared wrapped.
    let wrappedQuery: SelectCore?
    let wrap: @Sendable (inout SQLBuilder) throws -> Void

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        guard var wrappedQuery else {
            try lhs.renderOperand(into: &builder)
            builder.keyword("IN")
            try builder.parenthesized { try query.renderStatement(into: &$0) }
            return
        }
        try lhs.renderWrapped(into: &builder)
        builder.keyword("IN")
        try builder.parenthesized { builder in
            builder.keyword("SELECT")
            try wrap(&builder)
            builder.keyword("FROM")
            wrappedQuery.selectionAlias = "value"
            try builder.parenthesized { try wrappedQuery.render(into: &$0) }
        }
    }
}

/// A result column named by its alias, unqualified: `"value"`.
struct SQLColumnNamed<QueryValue: SQLCustomType>: SQLQueryExpression {
    let name: String

    func render(into builder: inout SQLBuilder) throws {
        builder.identifier(name)
    }
}

/// Statements whose clauses a subquery can reuse.
protocol SelectCoreProviding {
    var selectCore: SelectCore { get }
}
