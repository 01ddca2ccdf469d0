import CoddCore
import Foundation

/// The shared base of `Date`'s representations: each says how SQLite's date functions read
/// its stored form (``renderTimeValue(into:_:)``), and comparison follows, so dates of
/// every representation compare as instants, with each other and with SQLite's own date
/// functions.
///
/// ```swift
/// // julianday("events"."at") for TEXT, julianday("events"."at", 'unixepoch') for unix seconds
/// Event.where { $0.at < cutoff }
/// ```
public protocol DateRepresentation: SQLRepresentation, SQLComparable where Represented == Date {
    /// Renders `expression` as the arguments SQLite's date functions take for a stored
    /// value, as items of the current list: `x` for text and julian days,
    /// `x, 'unixepoch'` for unix seconds, `x / 1000.0, 'unixepoch'` for milliseconds.
    static func renderTimeValue(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
}

extension DateRepresentation {
    /// `julianday(<time value>)`: a REAL instant with millisecond precision, whatever the
    /// storage (`unixepoch()` drops the fraction on SQLite before 3.42).
    @inlinable
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday") { try renderTimeValue(into: &$0, expression) }
    }
}

/// A date stored as a number (unix seconds or milliseconds, a julian day).
///
/// Numbers order as instants, so two plain values compare unwrapped and an index on the
/// column serves them. Inside JSON the date takes the default TEXT codec's form,
/// `2024-05-01 09:30:00.000`, so it reads the same from a JSON document as from a column:
/// `strftime('%Y-%m-%d %H:%M:%f', <time value>)`. Reading JSON accepts that text or the
/// representation's own number.
public protocol NumericDateRepresentation: DateRepresentation {}

extension NumericDateRepresentation {
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    /// `strftime('%Y-%m-%d %H:%M:%f', <time value>)`.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("strftime") {
            $0.listItem { $0.text("%Y-%m-%d %H:%M:%f") }
            try renderTimeValue(into: &$0, expression)
        }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}
