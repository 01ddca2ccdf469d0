import CoddCore
import Foundation

extension Date {
    /// A date stored as a REAL julian day, SQLite's own unit (days since noon UTC on
    /// November 24, 4714 BC, proleptic Gregorian), rounded to the millisecond:
    /// `2460311.1875` is 2024-01-01 16:30 UTC.
    ///
    /// ```swift
    /// @Column(as: Date.JulianDayRepresentation.self) var observedAt: Date
    /// ```
    ///
    /// Reads a REAL or an INTEGER; TEXT is an error. Compared as `julianday(x)`; two plain
    /// values compare unwrapped.
    public struct JulianDayRepresentation: RealDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        public static var millisecondsPerUnit: Double { Double(DateMilliseconds.perDay) }
        public static var epochMilliseconds: Int64 { DateMilliseconds.julianDayOffset }

        /// `x`: a julian day is what SQLite's date functions compute in.
        public static func renderTimeValue(
            into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.listItem(expression)
        }

        /// `julianday(…)`: SQLite's whole milliseconds over 86,400,000, what the codec binds.
        public static func renderStoredForm(
            into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.function("julianday", arguments)
        }
    }
}
