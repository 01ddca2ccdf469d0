import CoddCore

/// An aggregate function call: `count("id")`, `max("priority")`,
/// `group_concat(DISTINCT "name", ', ')`, with an optional
/// `FILTER (WHERE …)` clause and `ORDER BY` inside the call.
public struct SQLAggregate<QueryValue: SQLCustomType>: SQLQueryExpression {
    /// The function: one every engine spells alike (`count`), or one whose spelling is the
    /// dialect's (`json_group_array`, PostgreSQL's `json_agg`).
    enum Name: Sendable {
        case common(StaticString)
        case dialect(SQLDialectFunction)
    }

    let name: Name
    let argument: (any SQLExpression)?
    let extraArguments: [any SQLExpression]
    let isDistinct: Bool
    let order: [SQLOrderingTerm]
    let filter: (any SQLExpression)?
    /// For `min` and `max`, which return one of their arguments: the type whose order picks
    /// it, and whose wrap and unwrap the argument and the result take
    /// (``SQLComparisonWrapping/pickingForm(in:)``).
    var picking: (any SQLCustomType.Type)?
    /// `avg`: rendered through the dialect's ``SQLDialectSpelling/renderAverage(into:_:)``,
    /// so that it reads as the REAL it is typed as on every engine.
    var isAverage = false
    /// The window of an aggregate used as a window function (``over(_:)``): `OVER (…)` after
    /// the call and its `FILTER`.
    var window: SQLWindow?

    package init(
        _ name: StaticString, _ argument: (any SQLExpression)?, extra: [any SQLExpression] = [],
        distinct: Bool = false, order: [SQLOrderingTerm] = [], filter: (any SQLExpression)? = nil
    ) {
        self.init(.common(name), argument, extra: extra, distinct: distinct, order: order, filter: filter)
    }

    /// An aggregate the dialect spells (``SQLDialectSpelling/name(of:)``).
    package init(
        _ function: SQLDialectFunction, _ argument: (any SQLExpression)?, extra: [any SQLExpression] = [],
        distinct: Bool = false, order: [SQLOrderingTerm] = [], filter: (any SQLExpression)? = nil
    ) {
        self.init(.dialect(function), argument, extra: extra, distinct: distinct, order: order, filter: filter)
    }

    init(
        _ name: Name, _ argument: (any SQLExpression)?, extra: [any SQLExpression],
        distinct: Bool, order: [SQLOrderingTerm], filter: (any SQLExpression)?
    ) {
        self.name = name
        self.argument = argument
        self.extraArguments = extra
        self.isDistinct = distinct
        self.order = order
        self.filter = filter
    }

    /// `min` or `max` of `argument`, picked by `type`'s order: `max("priority")`,
    /// `max("price" COLLATE "codd_decimal")`, `strftime('%Y-%m-%d %H:%M:%f', max(julianday("dueAt")))`.
    package static func picking(
        _ name: StaticString, _ argument: some SQLExpression, by type: any SQLCustomType.Type,
        filter: (any SQLExpression)?
    ) -> SQLAggregate {
        var aggregate = SQLAggregate(name, argument, filter: filter)
        aggregate.picking = type
        return aggregate
    }

    public func render(into builder: inout SQLBuilder) throws {
        if isAverage {
            return try builder.dialect.spelling.renderAverage(into: &builder) { try renderAggregate(into: &$0) }
        }
        guard let picking, let argument else { return try renderAggregate(into: &builder) }
        switch picking.pickingForm(in: builder.dialect) {
        case .plain:
            try renderAggregate(into: &builder)
        case .wrapped:
            try wrappingArgument(argument).renderAggregate(into: &builder)
        case .wrappedAndUnwrapped:
            try picking.unwrapSQL(into: &builder) { try wrappingArgument(argument).renderAggregate(into: &$0) }
        }
    }

    /// Compared (`HAVING max("dueAt") > ?`, `ORDER BY`): a value picked in its type's
    /// comparison form is compared in it, `max(julianday("dueAt")) > julianday(?)`, rather
    /// than turned back into a stored value and wrapped again.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        if !isAverage, let picking, let argument, picking.pickingForm(in: builder.dialect) == .wrappedAndUnwrapped {
            return try wrappingArgument(argument).renderAggregate(into: &builder)
        }
        try renderWrappedAsItsType(into: &builder)
    }

    /// This aggregate of the argument's comparison form.
    private func wrappingArgument(_ argument: any SQLExpression) -> SQLAggregate {
        var wrapping = SQLAggregate(
            name, SQLWrappedForm<QueryValue>(base: argument), extra: extraArguments, distinct: isDistinct,
            order: order, filter: filter)
        wrapping.window = window
        return wrapping
    }

    private func renderAggregate(into builder: inout SQLBuilder) throws {
        switch name {
        case .common(let name):
            try renderCall(name, into: &builder)
        case .dialect(let function):
            let spelling = builder.dialect.spelling
            guard let name = spelling.name(of: function) else {
                throw SQLDialectError(
                    feature: "\(SQLiteSpelling.name(of: function) ?? "this aggregate")() (SQLite's aggregate)",
                    dialect: builder.dialect
                )
            }
            guard function == .jsonGroupArray, spelling.jsonArrayAggregateOfNoRowsIsNull else {
                return try renderCall(name, into: &builder)
            }
            // `coalesce(json_agg(…) FILTER (…), '[]'::json)`: an engine whose JSON-array
            // aggregate of no rows is NULL, where json_group_array's is `[]`.
            try builder.function("coalesce") { builder in
                try builder.listItem { try renderCall(name, into: &$0) }
                builder.listItem { spelling.renderEmptyJSONArray(into: &$0) }
            }
        }
    }

    func renderCall(_ name: StaticString, into builder: inout SQLBuilder) throws {
        if isDistinct && !extraArguments.isEmpty {
            throw SQLEncodingError(
                type: "SQLAggregate", valuePreview: name.description,
                reason: "SQLite's DISTINCT aggregates take exactly one argument (no separator)"
            )
        }
        if window != nil, isDistinct || !order.isEmpty {
            throw SQLEncodingError(
                type: "SQLAggregate", valuePreview: name.description,
                reason:
                    "an aggregate over a window takes no \(isDistinct ? "distinct:" : "order:") (SQLite and PostgreSQL refuse it); aggregate the distinct or ordered values in a subquery"
            )
        }
        try builder.function(name) { builder in
            if let argument {
                try builder.listItem {
                    if isDistinct { $0.keyword("DISTINCT") }
                    try argument.render(into: &$0)
                }
            } else {
                builder.keyword("*")
            }
            for extra in extraArguments {
                try builder.listItem { try extra.render(into: &$0) }
            }
            if !order.isEmpty {
                builder.require(.orderedAggregate)
                builder.keyword("ORDER BY")
                try builder.list { builder in
                    for term in order { try builder.listItem { try term.render(into: &$0) } }
                }
            }
        }
        if let filter {
            builder.keyword("FILTER")
            try builder.parenthesized {
                $0.keyword("WHERE")
                try filter.render(into: &$0)
            }
        }
        if let window { try window.render(into: &builder) }
    }
}

/// `count(*)` over the rows of the group.
public struct SQLCountAll: SQLQueryExpression {
    public typealias QueryValue = Int
    let filter: (any SQLExpression)?

    public init(filter: (any SQLExpression<Bool>)? = nil) {
        self.filter = filter
    }

    public func render(into builder: inout SQLBuilder) throws {
        try SQLAggregate<Int>("count", nil, filter: filter).render(into: &builder)
    }
}

extension SQLQueryExpression {
    /// `count(self)`: the number of non-NULL values; `distinct:` counts each value once;
    /// `filter:` counts only rows that match.
    ///
    /// ```swift
    /// $1.id.count()                              // count("reminders"."id")
    /// $0.id.count(filter: !$0.isCompleted)       // count("id") FILTER (WHERE NOT "isCompleted")
    /// ```
    public func count(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none)
        -> SQLAggregate<Int>
    {
        SQLAggregate("count", self, distinct: distinct, filter: filter)
    }

    /// `group_concat(self, separator)`: the values joined; `nil` for no rows. With
    /// `distinct: true`, SQLite takes no separator (it joins with `,`); passing both is
    /// an error when the statement renders.
    ///
    /// `order:` renders `ORDER BY` inside the call, which SQLite supports from 3.44; on an
    /// older SQLite, executing it throws `SQLUnsupportedFeatureError` (not a syntax error).
    public func groupConcat(
        separator: String? = nil,
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<String?> {
        SQLAggregate(
            SQLDialectFunction.groupConcat, self, extra: separator.map { [$0] } ?? [], distinct: distinct,
            order: order, filter: filter
        )
    }
}

extension SQLQueryExpression where QueryValue: SQLNumeric {
    /// `sum(self)`: `nil` when there are no non-NULL values.
    public func sum(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<
        QueryValue.Optionalized
    > {
        SQLAggregate("sum", self, distinct: distinct, filter: filter)
    }

    /// `total(self)`: the sum as a REAL, 0.0 when there are no values.
    public func total(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none)
        -> SQLAggregate<Double>
    {
        SQLAggregate(SQLDialectFunction.total, self, distinct: distinct, filter: filter)
    }

    /// `avg(self)`: `nil` when there are no non-NULL values (on PostgreSQL
    /// `CAST(avg(…) AS DOUBLE PRECISION)`, a `Double` as on SQLite).
    public func avg(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<
        Double?
    > {
        var average = SQLAggregate<Double?>("avg", self, distinct: distinct, filter: filter)
        average.isAverage = true
        return average
    }
}

/// `sum`, `total` and `avg` of an exact number (`Decimal`), refused with the reason: SQLite
/// adds decimal text in floating point, so `sum` of `0.1` and `0.2` would read back
/// `0.30000000000000004`.
extension SQLQueryExpression where QueryValue: SQLExactNumeric {
    @available(
        *, unavailable,
        message:
            "SQLite adds decimal text in floating point and rounds: fetch the values and add them as Decimal in Swift (docs/Codecs.md, \"No arithmetic in SQL\")"
    )
    public func sum(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<
        QueryValue.Optionalized
    > {
        SQLAggregate("sum", self, distinct: distinct, filter: filter)
    }

    @available(
        *, unavailable,
        message:
            "SQLite adds decimal text in floating point and rounds: fetch the values and add them as Decimal in Swift (docs/Codecs.md, \"No arithmetic in SQL\")"
    )
    public func total(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none)
        -> SQLAggregate<Double>
    {
        SQLAggregate(SQLDialectFunction.total, self, distinct: distinct, filter: filter)
    }

    @available(
        *, unavailable,
        message:
            "SQLite adds decimal text in floating point and rounds: fetch the values and average them as Decimal in Swift (docs/Codecs.md, \"No arithmetic in SQL\")"
    )
    public func avg(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLAggregate<
        Double?
    > {
        SQLAggregate("avg", self, distinct: distinct, filter: filter)
    }
}

extension PrimaryKeyedTableDefinition {
    /// `count(primaryKey)`: the number of rows, `filter:` counting only those that match.
    ///
    /// ```swift
    /// Reminder.select { $0.count(filter: $0.isPastDue) }
    /// ```
    public func count(distinct: Bool = false, filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none)
        -> SQLAggregate<Int>
    {
        primaryKey.count(distinct: distinct, filter: filter)
    }
}
