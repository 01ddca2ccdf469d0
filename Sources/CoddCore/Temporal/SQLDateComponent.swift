/// A calendar field of an instant, in UTC, as an integer: what `strftime` gives SQLite's
/// date functions and `EXTRACT` PostgreSQL's.
public enum SQLDateComponent: Sendable, Hashable, CaseIterable {
    /// The year: 2026.
    case year
    /// The month, 1 to 12.
    case month
    /// The day of the month, 1 to 31.
    case day
    /// The hour, 0 to 23.
    case hour
    /// The minute, 0 to 59.
    case minute
    /// The whole seconds, 0 to 59 (the fraction dropped).
    case second
    /// The day of the week, 0 (Sunday) to 6 (Saturday).
    case weekday
    /// The day of the year, 1 to 366.
    case dayOfYear

    /// SQLite's `strftime` format for the field: `%Y`, `%m`, `%d`, `%H`, `%M`, `%S`, `%w`, `%j`.
    public var strftimeFormat: String {
        switch self {
        case .year: "%Y"
        case .month: "%m"
        case .day: "%d"
        case .hour: "%H"
        case .minute: "%M"
        case .second: "%S"
        case .weekday: "%w"
        case .dayOfYear: "%j"
        }
    }
}
