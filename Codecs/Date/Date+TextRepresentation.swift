import CoddCore
import Foundation

/// `Date` is its own default representation, stored as TEXT `YYYY-MM-DD HH:MM:SS.SSS` in UTC: what SQLite's date
/// functions produce (`strftime('%Y-%m-%d %H:%M:%f')`) and GRDB stores, rounded to the
/// millisecond.
///
/// Reading accepts every time-value format SQLite's date functions accept (see
/// `docs/Codecs.md`): `2024-01-01`, `2024-01-01 10:30`, `2024-01-01T10:30:00.5Z`,
/// `2024-01-01 10:30:00+02:00`, `10:30`, … A malformed value is an error that says what is
/// wrong.
///
/// Comparisons and `ORDER BY` wrap both sides in `julianday(…)`, so a date compares as an
/// instant with any text SQLite reads (`datetime('now')`, `CURRENT_TIMESTAMP`, an offset).
/// Every comparison is wrapped, a column against a bound date included: a TEXT column may
/// hold any format SQLite reads (`DEFAULT CURRENT_TIMESTAMP` writes
/// `2024-01-01 10:00:00`, other software `…T10:30:00+02:00`), and as text those compare
/// wrongly with the codec's own `2024-01-01 10:00:00.000`. An expression index,
/// `CREATE INDEX … ON t(julianday(at))`, serves the wrapped comparison.
extension Date: DateRepresentation {
    @inlinable
    public static var storage: SQLStorage { .text }

    /// Text from elsewhere may be in any format: comparisons always go through `julianday`.
    @inlinable
    public static var comparesUnwrapped: Bool { false }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        self = try reader.readDateText(at: index, as: Date.self)
    }

    public func bind(into context: inout some SQLBindingContext) throws {
        try DateTextFormatter.bind(self, style: .sqlite, as: Date.self, into: &context)
    }

    /// `x`: any text SQLite's date functions read.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.listItem(expression)
    }

    /// `strftime('%Y-%m-%d %H:%M:%f', …)`: what the codec binds.
    public static func renderStoredForm(
        into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try DateSQL.text("%Y-%m-%d %H:%M:%f", &builder, arguments)
    }
}

/// Inside JSON every date takes this form, `2024-05-01 09:30:00.000`: the TEXT
/// representations store it, and the numeric ones render it with `strftime` (see
/// `NumericDateRepresentation`), so a date reads the same from a JSON document as from a
/// column.
extension Date: SQLJSONDecodable {}
