import CoddCore
import Foundation

extension Date {
    /// A date stored as INTEGER seconds since 1970-01-01 00:00:00 UTC, rounded to the
    /// nearest second.
    ///
    /// ```swift
    /// @Column(as: Date.UnixTimeRepresentation.self) var updatedAt: Date
    /// ```
    ///
    /// Reads an INTEGER, or a REAL holding a whole number of seconds; TEXT is an error.
    /// Compared as `julianday(x, 'unixepoch')`, so it compares with dates of any other
    /// representation; two plain values compare unwrapped (numbers order as instants).
    public struct UnixTimeRepresentation: IntegerDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        public static var millisecondsPerUnit: Int64 { 1000 }
        public static var unitName: StaticString { "seconds" }

        /// `x, 'unixepoch'`.
        public static func renderTimeValue(
            into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.listItem(expression)
            builder.listItem { $0.text("unixepoch") }
        }

        /// `CAST(strftime('%s', …, '+0.5 seconds') AS INTEGER)`: `%s` is the whole seconds below
        /// the instant, so half a second more rounds to the nearest second, halves toward the
        /// future, as the codec rounds a bound date.
        public static func renderStoredForm(
            into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
        ) rethrows {
            builder.keyword("CAST(")
            try builder.function("strftime") {
                $0.listItem { $0.text("%s") }
                try arguments(&$0)
                $0.listItem { $0.text("+0.5 seconds") }
            }
            builder.keyword("AS INTEGER)")
        }
    }
}
