import CoddCore
import CoddJSON

/// A Swift value compared with a JSON path: bound in the JSON form the document gives it
/// (`'dark'`, `1714555800` for a date the options store as unix time, `'12.5'` for a
/// decimal), wrapped as the path is (`julianday(?)`); on PostgreSQL, a natively typed value
/// in its type (`$1::timestamptz`), as the path is cast.
struct SQLJSONComparand<Value: Sendable, Options: JSONCodingOptions>: SQLExpression {
    typealias QueryValue = SQLJSONMember<Value, Options>
    let value: Value

    func render(into builder: inout SQLBuilder) throws {
        try renderBound(into: &builder)
    }

    func renderWrapped(into builder: inout SQLBuilder) throws {
        let representation = SQLJSONPath<Value, Options>.representation
        if builder.dialect.hasNativeTypes, let representation, representation is any SQLNativelyTyped.Type {
            return try renderNative(representation, into: &builder)
        }
        guard let representation else { return try renderBound(into: &builder) }
        try SQLJSONPath<Value, Options>.wrap(representation, into: &builder) { try renderBound(into: &$0) }
    }

    /// The JSON form's SQL value, as `->>` reads it from the document.
    func renderBound(into builder: inout SQLBuilder) throws {
        try builder.placeholder(SQLValue(jsonScalar: JSONDocument<Value, Options>.jsonText(of: value)))
    }

    func renderNative<R: SQLCustomType>(_ representation: R.Type, into builder: inout SQLBuilder) throws {
        guard let represented = value as? R.Represented else { return try renderBound(into: &builder) }
        try builder.value(R(represented: represented))
    }
}

/// A path's SQL value, unwrapped, for `IS NULL`: `("settings" ->> '$.theme') IS NULL` (the
/// JSON form `->` of a `null` member is the text `null`, not NULL).
struct SQLJSONValueForm<Value: Sendable, Options: JSONCodingOptions>: SQLExpression {
    typealias QueryValue = SQLJSONMember<Value, Options>
    let path: SQLJSONPath<Value, Options>

    func render(into builder: inout SQLBuilder) throws {
        try builder.parenthesized { try path.renderValue(into: &$0) }
    }
}
