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
    public struct UnixTimeRealRepresentation: NumericDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .real }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            let milliseconds = try reader.readRealDateNumber(
                at: index, as: Self.self, scale: 1000, offset: 0
            )
            represented = DateMilliseconds.date(milliseconds: milliseconds)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
        if try context.bindNativeTimestamp(represented, as: Self.self) { return }
            guard let milliseconds = DateMilliseconds.supportedMilliseconds(of: represented) else {
                throw DateMilliseconds.outOfRange(represented, as: Self.self)
            }
            try context.bindReal(Double(milliseconds) / 1000)
        }

        /// `x, 'unixepoch'`.
        public static func renderTimeValue(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
            try builder.listItem(expression)
            builder.listItem { $0.text("unixepoch") }
        }

        /// `(round((julianday(…) - 2440587.5) * 86400000.0) / 1000.0)`: whole milliseconds, as
        /// seconds, the value the codec binds.
        public static func renderStoredForm(into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void) rethrows {
            try builder.parenthesized { builder in
                try DateSQL.unixMilliseconds(&builder, arguments)
                builder.keyword("/ 1000.0")
            }
        }
    }
}
