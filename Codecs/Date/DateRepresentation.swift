import CoddCore
import Foundation

/// The shared base of `Date`'s representations: each says how it is stored, how SQLite's
/// date functions read the stored form (`SQLInstantRepresentation.renderTimeValue(into:_:)`)
/// and how an instant they compute is stored
/// (`SQLInstantRepresentation.renderStoredForm(into:fromTimeValue:)`). Comparison
/// (`julianday(…)` of the time value) and date arithmetic follow, so dates of every
/// representation compare as instants, with each other and with SQLite's own date
/// functions.
///
/// ```swift
/// // julianday("events"."at") for TEXT, julianday("events"."at", 'unixepoch') for unix seconds
/// Event.where { $0.at < cutoff }
/// ```
public protocol DateRepresentation: SQLRepresentation, SQLInstantRepresentation where Represented == Date {}

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
        // PostgreSQL: a timestamptz nests in jsonb as ISO 8601 text by itself.
        guard builder.dialect.isSQLite else { return try expression(&builder) }
        try builder.function("strftime") {
            $0.listItem { $0.text("%Y-%m-%d %H:%M:%f") }
            try renderTimeValue(into: &$0, expression)
        }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}
