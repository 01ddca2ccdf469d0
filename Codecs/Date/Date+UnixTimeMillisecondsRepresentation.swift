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
    public struct UnixTimeMillisecondsRepresentation: SQLCustomType, SQLComparable, Hashable {
        public typealias Represented = Date

        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .integer }

        @inlinable
        public static var comparesUnwrapped: Bool { true }

        public init(reader: some SQLColumnReader, at index: Int) throws {
            let milliseconds = try reader.readWholeDateNumber(
                at: index, as: "Date.UnixTimeMillisecondsRepresentation", unit: 1, unitName: "milliseconds"
            )
            represented = DateMilliseconds.date(milliseconds: milliseconds)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            guard let milliseconds = DateMilliseconds.supportedMilliseconds(of: represented) else {
                throw DateMilliseconds.outOfRange(represented, as: "Date.UnixTimeMillisecondsRepresentation")
            }
            try context.bindInteger(milliseconds)
        }

        /// `julianday(x / 1000.0, 'unixepoch')`.
        public static func wrapSQL(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
            try DateWrap.unixMilliseconds(&context, builder)
        }
    }
}
