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
    public struct JulianDayRepresentation: SQLCustomType, SQLComparable, Hashable {
        public typealias Represented = Date

        public var represented: Date

        @inlinable
        public init(represented: Date) {
            self.represented = represented
        }

        @inlinable
        public static var storage: SQLStorage { .real }

        @inlinable
        public static var comparesUnwrapped: Bool { true }

        public init(reader: some SQLColumnReader, at index: Int) throws {
            let milliseconds = try reader.readRealDateNumber(
                at: index, as: "Date.JulianDayRepresentation",
                scale: Double(DateMilliseconds.perDay), offset: DateMilliseconds.julianDayOffset
            )
            represented = DateMilliseconds.date(milliseconds: milliseconds)
        }

        public func bind(into context: inout some SQLBindingContext) throws {
            guard let milliseconds = DateMilliseconds.supportedMilliseconds(of: represented) else {
                throw DateMilliseconds.outOfRange(represented, as: "Date.JulianDayRepresentation")
            }
            try context.bindReal(Double(milliseconds + DateMilliseconds.julianDayOffset) / Double(DateMilliseconds.perDay))
        }

        /// `julianday(x)`.
        public static func wrapSQL(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
            try DateWrap.julianDay(&context, builder)
        }
    }
}
