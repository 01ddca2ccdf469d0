import CoddCore

/// A window function not yet given its window: `row_number()`, `lag("priority")`. Only
/// ``over(_:)`` makes it an expression, so a window function without `OVER` does not compile.
///
/// ```swift
/// SQLFunctions.rank().over(partitionBy: $0.remindersListID, orderBy: $0.priority.desc())
/// // rank() OVER (PARTITION BY "remindersListID" ORDER BY "priority" DESC)
/// $0.title.lag().over(orderBy: $0.id)
/// // lag("title") OVER (ORDER BY "id")
/// ```
public struct SQLWindowFunction<QueryValue: SQLCustomType>: Sendable {
    enum Argument: Sendable {
        case expression(any SQLExpression)
        /// Written as a literal: an offset or a count. PostgreSQL takes these as `integer`,
        /// which a bound 64-bit value is not.
        case integer(Int)
        /// A count that SQLite and PostgreSQL refuse when it is not positive (`ntile`,
        /// `nth_value`): checked when the statement renders.
        case positiveInteger(Int)
    }

    let name: StaticString
    let arguments: [Argument]

    init(_ name: StaticString, _ arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The function over `window`.
    public func over(_ window: SQLWindow) -> SQLWindowExpression<QueryValue> {
        SQLWindowExpression(call: .function(self, over: window))
    }

    /// The function over the window these parts describe (see ``SQLWindow``): `over()` is
    /// `OVER ()`, the whole result.
    public func over(
        partitionBy partitions: any SQLExpression..., orderBy orders: any SQLOrderable..., frame: SQLWindowFrame? = nil
    ) -> SQLWindowExpression<QueryValue> {
        over(SQLWindow(partitions: partitions, orders: orders.flatMap(\.orderingTerms), frame: frame))
    }

    func render(into builder: inout SQLBuilder) throws {
        try builder.function(name) { builder in
            for argument in arguments {
                switch argument {
                case .expression(let expression):
                    try builder.listItem { try expression.render(into: &$0) }
                case .integer(let value):
                    builder.listItem { $0.integer(Int64(value)) }
                case .positiveInteger(let value):
                    guard value > 0 else {
                        throw SQLEncodingError(
                            type: "SQLWindowFunction", valuePreview: "\(value)",
                            reason: "\(name)'s count must be 1 or more")
                    }
                    builder.listItem { $0.integer(Int64(value)) }
                }
            }
        }
    }
}

/// A window function or an aggregate over a window: `row_number() OVER (ORDER BY "id")`,
/// `sum("priority") OVER (PARTITION BY "remindersListID")`. It selects, orders and compares as
/// any expression of its type; SQL allows it only in the selection and `ORDER BY` (in `WHERE`
/// or `GROUP BY` the engine refuses it: filter in an outer query, a CTE or a subquery).
public struct SQLWindowExpression<QueryValue: SQLCustomType>: SQLQueryExpression {
    enum Call: Sendable {
        case function(SQLWindowFunction<QueryValue>, over: SQLWindow)
        /// An aggregate, which holds and renders its window itself: after its `FILTER`, and
        /// inside the unwrap of a `max` picked in its type's order.
        case aggregate(SQLAggregate<QueryValue>)
    }

    let call: Call

    public func render(into builder: inout SQLBuilder) throws {
        switch call {
        case .function(let function, let window):
            try function.render(into: &builder)
            try window.render(into: &builder)
        case .aggregate(let aggregate):
            try aggregate.render(into: &builder)
        }
    }

    public func renderWrapped(into builder: inout SQLBuilder) throws {
        switch call {
        case .function: try renderWrappedAsItsType(into: &builder)
        case .aggregate(let aggregate): try aggregate.renderWrapped(into: &builder)
        }
    }
}

extension SQLWindowExpression: SQLOrderable {}

extension SQLWindow {
    init(partitions: [any SQLExpression], orders: [SQLOrderingTerm], frame: SQLWindowFrame?) {
        self.partitions = partitions
        self.orders = orders
        self.frame = frame
    }
}

// MARK: Ranking, on SQLFunctions

extension SQLFunctions {
    /// `row_number()`: the row's number in its partition, from 1.
    public static func rowNumber() -> SQLWindowFunction<Int> { SQLWindowFunction("row_number") }
    /// `rank()`: the row's rank, with gaps after peers (1, 1, 3).
    public static func rank() -> SQLWindowFunction<Int> { SQLWindowFunction("rank") }
    /// `dense_rank()`: the rank of the row's group of peers, without gaps (1, 1, 2).
    public static func denseRank() -> SQLWindowFunction<Int> { SQLWindowFunction("dense_rank") }
    /// `percent_rank()`: `(rank - 1) / (rows in the partition - 1)`, from 0.0 to 1.0.
    public static func percentRank() -> SQLWindowFunction<Double> { SQLWindowFunction("percent_rank") }
    /// `cume_dist()`: the fraction of the partition's rows up to the row's last peer.
    public static func cumeDist() -> SQLWindowFunction<Double> { SQLWindowFunction("cume_dist") }
    /// `ntile(buckets)`: which of `buckets` groups, as equal as can be, the row falls in,
    /// from 1. `buckets` must be 1 or more.
    public static func ntile(_ buckets: Int) -> SQLWindowFunction<Int> {
        SQLWindowFunction("ntile", [.positiveInteger(buckets)])
    }
}

// MARK: Values of other rows, on expressions

extension SQLQueryExpression {
    /// `lag(self, offset)`: the value `offset` rows before in the partition; `nil` where there
    /// is no such row. (A negative offset looks after, as `lead` does.)
    public func lag(_ offset: Int = 1) -> SQLWindowFunction<QueryValue.Optionalized> {
        SQLWindowFunction("lag", [.expression(self), .integer(offset)])
    }

    /// `lag(self, offset, default)`: the value `offset` rows before, `default` where there is
    /// no such row.
    public func lag(_ offset: Int = 1, default value: QueryValue.Represented) -> SQLWindowFunction<QueryValue> {
        SQLWindowFunction("lag", [.expression(self), .integer(offset), .expression(QueryValue(represented: value))])
    }

    /// `lead(self, offset)`: the value `offset` rows after in the partition; `nil` where there
    /// is no such row.
    public func lead(_ offset: Int = 1) -> SQLWindowFunction<QueryValue.Optionalized> {
        SQLWindowFunction("lead", [.expression(self), .integer(offset)])
    }

    /// `lead(self, offset, default)`: the value `offset` rows after, `default` where there is
    /// no such row.
    public func lead(_ offset: Int = 1, default value: QueryValue.Represented) -> SQLWindowFunction<QueryValue> {
        SQLWindowFunction("lead", [.expression(self), .integer(offset), .expression(QueryValue(represented: value))])
    }

    /// `first_value(self)`: the value in the frame's first row; `nil` for an empty frame.
    public func firstValue() -> SQLWindowFunction<QueryValue.Optionalized> {
        SQLWindowFunction("first_value", [.expression(self)])
    }

    /// `last_value(self)`: the value in the frame's last row (with the default frame, the
    /// current row's last peer); `nil` for an empty frame.
    public func lastValue() -> SQLWindowFunction<QueryValue.Optionalized> {
        SQLWindowFunction("last_value", [.expression(self)])
    }

    /// `nth_value(self, n)`: the value in the frame's `n`th row, from 1; `nil` when the frame
    /// has fewer rows. `n` must be 1 or more.
    public func nthValue(_ n: Int) -> SQLWindowFunction<QueryValue.Optionalized> {
        SQLWindowFunction("nth_value", [.expression(self), .positiveInteger(n)])
    }
}

// MARK: Aggregates over a window

extension SQLAggregate {
    /// The aggregate over `window`, as a window function: `sum("priority") OVER (…)`, each
    /// row getting the aggregate of its frame, no rows grouped. Its `filter:` stays
    /// (`count("id") FILTER (WHERE …) OVER (…)`); `distinct:` and `order:` are refused when
    /// the statement renders (`SQLEncodingError`), as SQLite and PostgreSQL refuse them.
    public func over(_ window: SQLWindow) -> SQLWindowExpression<QueryValue> {
        var aggregate = self
        aggregate.window = window
        return SQLWindowExpression(call: .aggregate(aggregate))
    }

    /// The aggregate over the window these parts describe (see ``SQLWindow``).
    public func over(
        partitionBy partitions: any SQLExpression..., orderBy orders: any SQLOrderable..., frame: SQLWindowFrame? = nil
    ) -> SQLWindowExpression<QueryValue> {
        over(SQLWindow(partitions: partitions, orders: orders.flatMap(\.orderingTerms), frame: frame))
    }
}

extension SQLCountAll {
    /// `count(*)` over `window`: the rows of each row's frame.
    public func over(_ window: SQLWindow) -> SQLWindowExpression<Int> {
        SQLAggregate<Int>("count", nil, filter: filter).over(window)
    }

    /// `count(*)` over the window these parts describe (see ``SQLWindow``).
    public func over(
        partitionBy partitions: any SQLExpression..., orderBy orders: any SQLOrderable..., frame: SQLWindowFrame? = nil
    ) -> SQLWindowExpression<Int> {
        over(SQLWindow(partitions: partitions, orders: orders.flatMap(\.orderingTerms), frame: frame))
    }
}
