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
    public struct UnixTimeRepresentation: NumericDateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .integer }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            let milliseconds = try reader.readWholeDateNumber(
                at: index, as: Self.self, unit: 1000, unitName: "seconds"
            )
            represented = DateMilliseconds.date(milliseconds: milliseconds)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
        if try context.bindNativeTimestamp(represented, as: Self.self) { return }
            guard let seconds = DateMilliseconds.seconds(of: represented) else {
                throw DateMilliseconds.outOfRange(represented, as: Self.self)
            }
            try context.bindInteger(seconds)
        }

        /// `x, 'unixepoch'`.
        public static func renderTimeValue(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
            try builder.listItem(expression)
            builder.listItem { $0.text("unixepoch") }
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
}
