import CoddCore
import Foundation

// Every Date representation as an instant SQLite's date functions compute with: its time
// value (the arguments its `wrapSQL` passes to `julianday`), and the stored form of an
// instant those functions compute (`'now'`, `"dueAt"` moved by `'+7 days'`), rounded as the
// representation rounds a bound date. Each form is one operand.

extension Date: SQLInstantRepresentation {
    /// `"dueAt"`: text SQLite reads.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.listItem(operand)
    }

    /// `strftime('%Y-%m-%d %H:%M:%f', …)`: what the codec binds.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try DateInstant.text("%Y-%m-%d %H:%M:%f", &builder, arguments)
    }
}

extension Date.ISO8601Representation: SQLInstantRepresentation {
    /// `"dueAt"`: text SQLite reads.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.listItem(operand)
    }

    /// `strftime('%Y-%m-%dT%H:%M:%fZ', …)`: what the codec binds.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try DateInstant.text("%Y-%m-%dT%H:%M:%fZ", &builder, arguments)
    }
}

extension Date.UnixTimeRepresentation: SQLInstantRepresentation {
    /// `"dueAt", 'unixepoch'`.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try DateInstant.unixSeconds(&builder, operand)
    }

    /// `CAST(strftime('%s', …, '+0.5 seconds') AS INTEGER)`: `%s` is the whole seconds below
    /// the instant, so half a second more rounds to the nearest second, halves toward the
    /// future, as the codec rounds a bound date.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        builder.keyword("CAST(")
        try builder.function("strftime") {
            $0.listItem { $0.text("%s") }
            try arguments(&$0)
            $0.listItem { $0.text("+0.5 seconds") }
        }
        builder.keyword("AS INTEGER)")
    }
}

extension Date.UnixTimeMillisecondsRepresentation: SQLInstantRepresentation {
    /// `"dueAt" / 1000.0, 'unixepoch'`.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.listItem { try DateWrap.millisecondsAsSeconds(&$0, operand) }
        builder.listItem { $0.text("unixepoch") }
    }

    /// `CAST(round((julianday(…) - 2440587.5) * 86400000.0) AS INTEGER)`: the julian day is
    /// SQLite's whole milliseconds divided by 86,400,000, so rounding recovers them exactly.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        builder.keyword("CAST(")
        try DateInstant.unixMilliseconds(&builder, arguments)
        builder.keyword("AS INTEGER)")
    }
}

extension Date.UnixTimeRealRepresentation: SQLInstantRepresentation {
    /// `"dueAt", 'unixepoch'`.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try DateInstant.unixSeconds(&builder, operand)
    }

    /// `(round((julianday(…) - 2440587.5) * 86400000.0) / 1000.0)`: whole milliseconds, as
    /// seconds, the value the codec binds.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.parenthesized { builder in
            try DateInstant.unixMilliseconds(&builder, arguments)
            builder.keyword("/ 1000.0")
        }
    }
}

extension Date.JulianDayRepresentation: SQLInstantRepresentation {
    /// `"dueAt"`: a REAL SQLite reads as a julian day.
    public static func renderTimeValue(into builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.listItem(operand)
    }

    /// `julianday(…)`: SQLite's whole milliseconds over 86,400,000, what the codec binds.
    public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday", arguments)
    }
}

/// The pieces the representations share.
enum DateInstant {
    /// `x, 'unixepoch'`: unix seconds as a time value.
    static func unixSeconds(_ builder: inout SQLBuilder, _ operand: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.listItem(operand)
        builder.listItem { $0.text("unixepoch") }
    }

    /// `strftime(format, …)`: a TEXT representation's stored form.
    static func text(
        _ format: String, _ builder: inout SQLBuilder, _ arguments: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try builder.function("strftime") {
            $0.listItem { $0.text(format) }
            try arguments(&$0)
        }
    }

    /// `round((julianday(…) - 2440587.5) * 86400000.0)`: milliseconds since 1970, exact (the
    /// julian day is within a fraction of a millisecond of SQLite's own count).
    static func unixMilliseconds(_ builder: inout SQLBuilder, _ arguments: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("round") {
            try $0.listItem { builder in
                try builder.parenthesized { builder in
                    try builder.function("julianday", arguments)
                    builder.keyword("- 2440587.5")
                }
                builder.keyword("* 86400000.0")
            }
        }
    }
}
