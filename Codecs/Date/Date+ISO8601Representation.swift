import CoddCore
import Foundation

extension Date {
    /// A date stored as ISO 8601 TEXT, `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC, rounded to the
    /// millisecond: what JavaScript's `toISOString()` writes.
    ///
    /// ```swift
    /// @Column(as: Date.ISO8601Representation.self) var createdAt: Date
    /// ```
    ///
    /// Reads every format the default representation reads; every comparison is wrapped in
    /// `julianday(…)`, since a TEXT column may hold other formats.
    public struct ISO8601Representation: DateRepresentation {
        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .text }

        /// Text from elsewhere may be in any format: comparisons always go through `julianday`.
        @inlinable
        public static var comparesUnwrapped: Bool { false }

        public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            represented = try reader.readDateText(at: index, as: Self.self)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            try DateTextFormatter.bind(represented, style: .iso8601, as: Self.self, into: &context)
        }

        /// `x`: any text SQLite's date functions read.
        public static func renderTimeValue(
            into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try builder.listItem(expression)
        }

        /// `strftime('%Y-%m-%dT%H:%M:%fZ', …)`: what the codec binds.
        public static func renderStoredForm(
            into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
        ) rethrows {
            try DateSQL.text("%Y-%m-%dT%H:%M:%fZ", &builder, arguments)
        }
    }
}
