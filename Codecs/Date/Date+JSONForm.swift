import CoddCore
import Foundation

// Inside JSON every date takes the default TEXT codec's form, `2024-05-01 09:30:00.000`:
// a numeric column renders it with `strftime` inside `json_object`, so a date reads the
// same from a JSON document as from a column. Reading JSON accepts that text or the
// representation's own number.

extension Date.UnixTimeRepresentation {
    /// `strftime('%Y-%m-%d %H:%M:%f', x, 'unixepoch')`.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try DateWrap.text(&context, unixEpoch: true, builder)
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}

extension Date.UnixTimeMillisecondsRepresentation {
    /// `strftime('%Y-%m-%d %H:%M:%f', x / 1000.0, 'unixepoch')`.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try DateWrap.text(&context, unixEpoch: true) { try DateWrap.millisecondsAsSeconds(&$0, builder) }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}

extension Date.UnixTimeRealRepresentation {
    /// `strftime('%Y-%m-%d %H:%M:%f', x, 'unixepoch')`.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try DateWrap.text(&context, unixEpoch: true, builder)
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}

extension Date.JulianDayRepresentation {
    /// `strftime('%Y-%m-%d %H:%M:%f', x)`.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try DateWrap.text(&context, unixEpoch: false, builder)
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}

extension Date: SQLJSONDecodable {}
