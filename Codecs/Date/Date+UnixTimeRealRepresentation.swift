import CoddCore
import Foundation

extension Date {
    /// A date stored as REAL seconds since 1970-01-01 00:00:00 UTC, rounded to the
    /// millisecond (the precision of SQLite's date functions): `1704105000.123`.
    ///
    /// ```swift
    /// @Column(as: Date.UnixTimeRealRepresentation.self) var measuredAt: Date
    /// ```
    ///
    /// Reads a REAL or an INTEGER; TEXT is an error. Compared as
    /// `julianday(x, 'unixepoch')`; two plain values compare unwrapped.
    public struct UnixTimeRealRepresentation: RealDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        public static var millisecondsPerUnit: Double { 1000 }
        public static var epochMilliseconds: Int64 { 0 }

        /// `x, 'unixepoch'`.
        public static func renderTimeValue(
            into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.listItem(expression)
            builder.listItem { $0.text("unixepoch") }
        }

        /// `(round((julianday(…) - 2440587.5) * 86400000.0) / 1000.0)`: whole milliseconds, as
        /// seconds, the value the codec binds.
        public static func renderStoredForm(
            into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.parenthesized { builder in
                try DateSQL.unixMilliseconds(&builder, arguments)
                builder.keyword("/ 1000.0")
            }
        }
    }
}
