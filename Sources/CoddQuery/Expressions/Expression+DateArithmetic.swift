import CoddCore

/// An instant SQLite computes: SQLite's `'now'` or a date expression, moved by intervals.
/// It is an expression of the date's own representation, so it compares with the column,
/// decodes as it, and assigns to it.
///
/// ```swift
/// Reminder.where { $0.dueAt < .now() + .days(7) }
/// // WHERE (julianday("dueAt") < julianday('now', ?))            bound '+7 days'
/// Reminder.update { $0.dueAt += .days(1) }
/// // SET "dueAt" = strftime('%Y-%m-%d %H:%M:%f', "dueAt", ?)     bound '+1 days'
/// ```
///
/// Where it is compared, ordered or passed to a date function it renders `julianday` of
/// its arguments directly (never the wrap of its stored form); selected or assigned, it
/// renders the representation's stored form
/// (`SQLInstantRepresentation.renderStoredForm(into:fromTimeValue:)`). A representation
/// with one stored form per instant (the numeric ones) compares that stored form unwrapped,
/// so a plain index on the column serves `"createdAt" < CAST(… AS INTEGER)`.
public struct SQLDateArithmetic<QueryValue: SQLInstantRepresentation>: SQLQueryExpression {
    /// The date moved, or `nil` for SQLite's `'now'`.
    let base: (any SQLExpression)?
    let intervals: [SQLDateInterval]

    init(base: (any SQLExpression)?, intervals: [SQLDateInterval]) {
        self.base = base
        self.intervals = intervals
    }

    /// `base` moved by `interval`; a computed date gains the interval as one more modifier.
    init(_ base: some SQLExpression<QueryValue>, _ interval: SQLDateInterval) {
        if let computed = base as? Self {
            self.init(base: computed.base, intervals: computed.intervals + [interval])
        } else {
            self.init(base: base, intervals: [interval])
        }
    }

    /// The arguments of a date function: the time value, then the intervals' modifiers.
    func renderArguments(into builder: inout SQLBuilder) throws {
        try builder.require(.dateFunctions, "date arithmetic (julianday, strftime)")
        if let base {
            try QueryValue.renderTimeValue(into: &builder) { try base.render(into: &$0) }
        } else {
            builder.listItem { $0.text("now") }
        }
        for interval in intervals {
            try builder.listItem { try interval.render(into: &$0) }
        }
    }

    /// The stored form: `strftime('%Y-%m-%d %H:%M:%f', 'now', ?)` for TEXT dates.
    public func render(into builder: inout SQLBuilder) throws {
        try QueryValue.renderStoredForm(into: &builder) { try renderArguments(into: &$0) }
    }

    /// `julianday('now', ?)`: the julian day every Date representation's wrap yields.
    public func renderWrapped(into builder: inout SQLBuilder) throws {
        try builder.function("julianday") { try renderArguments(into: &$0) }
    }

    /// Its stored form is exactly what binding the instant would store.
    public var isPlainRepresentation: Bool { true }
}

extension SQLQueryExpression {
    /// SQLite's current time (`'now'`: the same instant for every use within one step of the
    /// statement), as an instant of the representation the context expects:
    /// `$0.dueAt < .now()` renders `julianday("dueAt") < julianday('now')`.
    ///
    /// Never NULL, so never optional: against an optional column it compares through the
    /// optional/non-optional overloads, and no comparison has two readings.
    ///
    /// (`.now` without parentheses is Foundation's `Date.now`: the app's clock, bound as a
    /// value when the query is built.)
    public static func now<Instant>() -> Self
    where Self == SQLDateArithmetic<Instant>, Instant.Optionalized == Instant? {
        SQLDateArithmetic(base: nil, intervals: [])
    }
}

extension SQLQueryExpression where QueryValue: SQLInstantRepresentation {
    /// The date moved later by `interval` (earlier for a negative one):
    /// `julianday("dueAt", ?)` compared, `strftime('%Y-%m-%d %H:%M:%f', "dueAt", ?)`
    /// selected, with `'+7 days'` bound. NULL stays NULL.
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: SQLDateInterval) -> SQLDateArithmetic<QueryValue> {
        SQLDateArithmetic(lhs, rhs)
    }

    /// The date moved earlier by `interval`: `'-7 days'`.
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: SQLDateInterval) -> SQLDateArithmetic<QueryValue> {
        SQLDateArithmetic(lhs, -rhs)
    }

    /// The seconds from `other` to `self`, to the millisecond, as a `Double`; `nil` when
    /// either is NULL. The two may be of different representations.
    ///
    /// ```swift
    /// $0.completedAt.timeIntervalSince($0.createdAt)
    /// // round((julianday("completedAt") - julianday("createdAt" / 1000.0, 'unixepoch')) * 86400000.0) / 1000.0
    /// ```
    public func timeIntervalSince<Other: SQLInstantRepresentation>(
        _ other: some SQLQueryExpression<Other>
    ) -> SQLDateDifference<Double?> {
        SQLDateDifference(self, other, unit: .seconds)
    }

    /// The seconds from `other` to `self`; neither is optional.
    public func timeIntervalSince<Other: SQLInstantRepresentation>(
        _ other: some SQLQueryExpression<Other>
    ) -> SQLDateDifference<Double> where QueryValue.Optionalized == QueryValue?, Other.Optionalized == Other? {
        SQLDateDifference(self, other, unit: .seconds)
    }

    /// The seconds from SQLite's `'now'` to `self`: negative in the past; `nil` for NULL.
    public func timeIntervalSinceNow() -> SQLDateDifference<Double?> {
        SQLDateDifference(self, SQLDateArithmetic<QueryValue>(base: nil, intervals: []), unit: .seconds)
    }

    /// The seconds from SQLite's `'now'` to `self`, not optional.
    public func timeIntervalSinceNow() -> SQLDateDifference<Double> where QueryValue.Optionalized == QueryValue? {
        SQLDateDifference(self, SQLDateArithmetic<QueryValue>(base: nil, intervals: []), unit: .seconds)
    }

    /// The days (of 24 hours, with a fraction) from `other` to `self`: the difference of
    /// their julian days, `julianday("dueAt") - julianday("createdAt")`.
    public func daysSince<Other: SQLInstantRepresentation>(
        _ other: some SQLQueryExpression<Other>
    ) -> SQLDateDifference<Double?> {
        SQLDateDifference(self, other, unit: .days)
    }

    /// The days from `other` to `self`; neither is optional.
    public func daysSince<Other: SQLInstantRepresentation>(
        _ other: some SQLQueryExpression<Other>
    ) -> SQLDateDifference<Double> where QueryValue.Optionalized == QueryValue?, Other.Optionalized == Other? {
        SQLDateDifference(self, other, unit: .days)
    }
}

/// `column = column + interval` in an update: `$0.dueAt += .days(1)` renders
/// `"dueAt" = strftime('%Y-%m-%d %H:%M:%f', "dueAt", ?)` for a TEXT date.
public func += <Value: SQLInstantRepresentation>(lhs: inout SQLUpdateColumn<Value>, rhs: SQLDateInterval) {
    lhs = SQLUpdateColumn(SQLDateArithmetic(moving: lhs, by: rhs))
}

/// `column = column - interval` in an update.
public func -= <Value: SQLInstantRepresentation>(lhs: inout SQLUpdateColumn<Value>, rhs: SQLDateInterval) {
    lhs = SQLUpdateColumn(SQLDateArithmetic(moving: lhs, by: -rhs))
}

extension SQLDateArithmetic {
    /// The column's value moved by `interval`: a date the closure computed before gains the
    /// interval as one more modifier (`$0.dueAt += .days(1); $0.dueAt += .hours(2)`).
    init(moving column: SQLUpdateColumn<QueryValue>, by interval: SQLDateInterval) {
        if let computed = column.expression as? Self {
            self.init(computed, interval)
        } else {
            self.init(column, interval)
        }
    }
}

/// The time between two instants, computed from their julian days (every Date
/// representation's wrap), so dates of different representations subtract.
public struct SQLDateDifference<QueryValue: SQLCustomType>: SQLQueryExpression {
    enum Unit: Sendable { case seconds, days }
    let lhs: any SQLExpression
    let rhs: any SQLExpression
    let unit: Unit

    init(_ lhs: any SQLExpression, _ rhs: any SQLExpression, unit: Unit) {
        self.lhs = lhs
        self.rhs = rhs
        self.unit = unit
    }

    public var isCompound: Bool { true }

    /// Seconds: `round((julianday(a) - julianday(b)) * 86400000.0) / 1000.0`, whole
    /// milliseconds (each julian day is within a fraction of a millisecond of SQLite's own
    /// count, so the rounding is exact). Days: `julianday(a) - julianday(b)`.
    public func render(into builder: inout SQLBuilder) throws {
        try builder.require(.dateFunctions, "date differences (julianday)")
        switch unit {
        case .days:
            try renderJulianDays(into: &builder)
        case .seconds:
            try builder.function("round") {
                try $0.listItem { builder in
                    try builder.parenthesized { try renderJulianDays(into: &$0) }
                    builder.keyword("* 86400000.0")
                }
            }
            builder.keyword("/ 1000.0")
        }
    }

    private func renderJulianDays(into builder: inout SQLBuilder) throws {
        try lhs.renderWrapped(into: &builder)
        builder.keyword("-")
        try rhs.renderWrapped(into: &builder)
    }
}
