import CoddCore
import Foundation

extension Date {
    /// A date stored as INTEGER milliseconds since 1970-01-01 00:00:00 UTC, rounded to the
    /// nearest millisecond: JavaScript's `Date.now()`, Java's `currentTimeMillis()`.
    ///
    /// ```swift
    /// @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var sentAt: Date
    /// ```
    ///
    /// Reads an INTEGER, or a REAL holding a whole number of milliseconds; TEXT is an
    /// error. Compared as `julianday(x / 1000.0, 'unixepoch')`; two plain values compare
    /// unwrapped.
    public struct UnixTimeMillisecondsRepresentation: IntegerDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        public static var millisecondsPerUnit: Int64 { 1 }
        public static var unitName: StaticString { "milliseconds" }

        /// `x / 1000.0, 'unixepoch'`.
        public static func renderTimeValue(
            into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.listItem { try DateSQL.millisecondsAsSeconds(&$0, expression) }
            builder.listItem { $0.text("unixepoch") }
        }

        /// `CAST(round((julianday(…) - 2440587.5) * 86400000.0) AS INTEGER)`: the julian day is
        /// SQLite's whole milliseconds divided by 86,400,000, so rounding recovers them exactly.
        public static func renderStoredForm(
            into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
        ) rethrows {
            builder.keyword("CAST(")
            try DateSQL.unixMilliseconds(&builder, arguments)
            builder.keyword("AS INTEGER)")
        }
    }
}
