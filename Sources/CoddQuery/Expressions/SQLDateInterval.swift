import CoddCore

/// An amount of time to move a date by in SQL: `$0.dueAt + .days(7)`, `.now() - .hours(3)`.
///
/// Renders as one of SQLite's date modifiers (`'+7 days'`, `'-3 hours'`, `'+1.500 seconds'`,
/// `'+1 months'`), built from the number and bound as a parameter like any value, so the
/// statement's SQL does not change with the amount. Seconds, minutes, hours and days are
/// exact lengths (a day is 86,400 seconds: SQLite's dates are UTC); months and years are
/// calendar steps as SQLite defines them: the month number changes and a day the month
/// does not have rolls over, so 2024-01-31 plus one month is 2024-03-02.
public struct SQLDateInterval: Sendable, Hashable {
    enum Unit: Sendable, Hashable {
        case milliseconds, minutes, hours, days, months, years
    }

    let unit: Unit
    /// How many units; for seconds, milliseconds. `nil` for a number of seconds that is not
    /// finite or beyond any date (rendering it throws).
    let amount: Int64?
    /// Whether the interval is subtracted: negating `amount` could overflow.
    let isSubtracted: Bool

    init(_ unit: Unit, _ amount: Int64?, isSubtracted: Bool = false) {
        self.unit = unit
        self.amount = amount
        self.isSubtracted = isSubtracted
    }

    /// Seconds, to the millisecond (SQLite's precision; halves away from zero, as SQLite rounds).
    public static func seconds(_ seconds: Double) -> Self {
        let milliseconds = (seconds * 1000).rounded()
        let amount = milliseconds.isFinite && milliseconds.magnitude <= 1e18 ? Int64(milliseconds) : nil
        return Self(.milliseconds, amount)
    }

    /// Whole seconds.
    public static func seconds(_ seconds: Int) -> Self {
        let (milliseconds, overflow) = Int64(seconds).multipliedReportingOverflow(by: 1000)
        return Self(.milliseconds, overflow ? nil : milliseconds)
    }

    /// Minutes.
    public static func minutes(_ minutes: Int) -> Self { Self(.minutes, Int64(minutes)) }
    /// Hours.
    public static func hours(_ hours: Int) -> Self { Self(.hours, Int64(hours)) }
    /// Days of 24 hours.
    public static func days(_ days: Int) -> Self { Self(.days, Int64(days)) }
    /// Calendar months, as SQLite's `'+N months'` (a day the month lacks rolls over).
    public static func months(_ months: Int) -> Self { Self(.months, Int64(months)) }
    /// Calendar years, as SQLite's `'+N years'` (February 29 of a common year rolls over).
    public static func years(_ years: Int) -> Self { Self(.years, Int64(years)) }

    /// The interval in the other direction.
    public static prefix func - (interval: Self) -> Self {
        Self(interval.unit, interval.amount, isSubtracted: !interval.isSubtracted)
    }

    /// The modifier's text: `+7 days`, `-1.500 seconds`.
    func modifier() throws -> String {
        guard let amount else {
            throw SQLEncodingError(
                type: "SQLDateInterval", valuePreview: "seconds",
                reason: "an interval of seconds must be finite and within SQLite's dates"
            )
        }
        let sign = (amount < 0) != isSubtracted ? "-" : "+"
        let magnitude = amount.magnitude
        switch unit {
        case .milliseconds:
            let fraction = String(magnitude % 1000)
            let padding = String(repeating: "0", count: 3 - fraction.count)
            return "\(sign)\(magnitude / 1000).\(padding)\(fraction) seconds"
        case .minutes: return "\(sign)\(magnitude) minutes"
        case .hours: return "\(sign)\(magnitude) hours"
        case .days: return "\(sign)\(magnitude) days"
        case .months: return "\(sign)\(magnitude) months"
        case .years: return "\(sign)\(magnitude) years"
        }
    }

    /// Renders the modifier as a value: `?` bound to `'+7 days'`, or the literal.
    func render(into builder: inout SQLBuilder) throws {
        try builder.value(modifier())
    }
}
