import CoddCore

/// An integer field of an instant, in UTC: `CAST(strftime('%Y', julianday("dueAt")) AS INTEGER)`
/// on SQLite, whatever the date's representation (`strftime` reads the julian day its wrap
/// gives); `EXTRACT` on PostgreSQL. NULL for a NULL date.
public struct SQLDateComponentOf<QueryValue: SQLCustomType>: SQLQueryExpression {
    let instant: any SQLExpression
    /// The field.
    public let component: SQLDateComponent

    init(_ instant: any SQLExpression, _ component: SQLDateComponent) {
        self.instant = instant
        self.component = component
    }

    public func render(into builder: inout SQLBuilder) throws {
        try builder.dialect.spelling.renderDateComponent(component, into: &builder) {
            try instant.renderWrapped(into: &$0)
        }
    }
}

extension SQLDateComponentOf: SQLOrderable {}

/// Calendar fields of any date, as integers: `$0.dueAt.year`, `$0.createdAt.weekday`.
///
/// ```swift
/// Reminder.where { $0.dueAt.month == 12 }
/// // WHERE (CAST(strftime('%m', julianday("dueAt")) AS INTEGER) = ?)
/// ```
extension SQLQueryExpression where QueryValue: SQLInstantRepresentation {
    /// The year, `nil` for NULL.
    public var year: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .year) }
    /// The month, 1 to 12.
    public var month: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .month) }
    /// The day of the month, 1 to 31.
    public var day: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .day) }
    /// The hour, 0 to 23 (UTC).
    public var hour: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .hour) }
    /// The minute, 0 to 59.
    public var minute: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .minute) }
    /// The whole seconds, 0 to 59.
    public var second: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .second) }
    /// The day of the week, 0 (Sunday) to 6 (Saturday).
    public var weekday: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .weekday) }
    /// The day of the year, 1 to 366.
    public var dayOfYear: SQLDateComponentOf<Int?> { SQLDateComponentOf(self, .dayOfYear) }
}

/// The same fields of a date that is never NULL, as `Int`.
extension SQLQueryExpression where QueryValue: SQLInstantRepresentation, QueryValue.Optionalized == QueryValue? {
    /// The year.
    public var year: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .year) }
    /// The month, 1 to 12.
    public var month: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .month) }
    /// The day of the month, 1 to 31.
    public var day: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .day) }
    /// The hour, 0 to 23 (UTC).
    public var hour: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .hour) }
    /// The minute, 0 to 59.
    public var minute: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .minute) }
    /// The whole seconds, 0 to 59.
    public var second: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .second) }
    /// The day of the week, 0 (Sunday) to 6 (Saturday).
    public var weekday: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .weekday) }
    /// The day of the year, 1 to 366.
    public var dayOfYear: SQLDateComponentOf<Int> { SQLDateComponentOf(self, .dayOfYear) }
}
