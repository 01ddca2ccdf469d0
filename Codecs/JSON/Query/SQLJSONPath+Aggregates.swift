import CoddCore
import CoddJSON
import CoddQuery

/// `min` and `max` of a document's member over a group, in the member's order (a `Decimal`
/// member through its collation), read back as the member is:
///
/// ```swift
/// Order.select { $0.details.total.max() }
/// // SELECT iif(max(("details" ->> '$.total') COLLATE "codd_decimal") IS NULL, NULL,
/// //   json_quote(max(("details" ->> '$.total') COLLATE "codd_decimal"))) FROM "orders"
/// ```
///
/// The aggregate picks the member's SQL value (`->>`); `json_quote` (PostgreSQL's
/// `to_jsonb`) gives it back as JSON, which decodes with the document's options as a
/// selected path does. `nil` when the group has no member.
extension SQLJSONPath where Value: SQLComparable {
    /// The smallest member of the group, `min("doc" ->> '$.path')` as JSON; `filter:`
    /// considers only rows that match.
    public func min(filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLJSONPathAggregate<Value, Options>
    {
        SQLJSONPathAggregate(SQLAggregate<QueryValue>("min", SQLJSONPathOrdered(path: self), filter: filter))
    }

    /// The largest member of the group, `max("doc" ->> '$.path')` as JSON.
    public func max(filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none) -> SQLJSONPathAggregate<Value, Options>
    {
        SQLJSONPathAggregate(SQLAggregate<QueryValue>("max", SQLJSONPathOrdered(path: self), filter: filter))
    }
}

/// An aggregate of a member's SQL value, as the member's JSON: `json_quote(max(…))`.
public struct SQLJSONPathAggregate<Value: Sendable, Options: JSONCodingOptions>: SQLQueryExpression {
    public typealias QueryValue = SQLJSONMember<Value, Options>
    let aggregate: any SQLExpression

    init(_ aggregate: some SQLExpression) {
        self.aggregate = aggregate
    }

    /// `iif(max(…) IS NULL, NULL, json_quote(max(…)))`: the picked value as JSON, NULL for
    /// a group with none (as PostgreSQL's `to_jsonb(NULL)` is); a REAL member with all its
    /// digits (`json_quote` prints 15, so 0.30000000000000004 would come back 0.3).
    public func render(into builder: inout SQLBuilder) throws {
        let aggregate = aggregate
        var value: (inout SQLBuilder) throws -> Void = { try aggregate.render(into: &$0) }
        // A member compared through a wrap that computes another value (a date's
        // julianday): the picked comparison form turned back into the member's stored form.
        if let representation = SQLJSONPath<Value, Options>.representation,
            representation.pickingForm(in: builder.dialect) == .wrappedAndUnwrapped
        {
            value = { builder in try representation.unwrapSQL(into: &builder) { try aggregate.render(into: &$0) } }
        }
        if builder.dialect.hasNativeTypes {
            return try builder.function(builder.dialect.spelling.name(of: .jsonQuote) ?? "to_jsonb") {
                try $0.listItem(value)
            }
        }
        try builder.renderJSONUnlessNull(value) { builder in
            if SQLJSONPath<Value, Options>.representation?.storage == .real {
                try builder.renderREALDigitsJSON(value)
            } else {
                try builder.function(builder.dialect.spelling.name(of: .jsonQuote) ?? "json_quote") {
                    try $0.listItem(value)
                }
            }
        }
    }
}

/// A member as `min` and `max` compare it: its SQL value, in its representation's
/// comparison form when the type compares through one (a collation; a date's `julianday(…)`,
/// whose result ``SQLJSONPathAggregate`` turns back into the stored form).
struct SQLJSONPathOrdered<Value: Sendable, Options: JSONCodingOptions>: SQLExpression {
    typealias QueryValue = SQLJSONMember<Value, Options>
    let path: SQLJSONPath<Value, Options>

    func render(into builder: inout SQLBuilder) throws {
        if let representation = SQLJSONPath<Value, Options>.representation,
            representation.pickingForm(in: builder.dialect) != .plain
        {
            try path.renderWrapped(into: &builder)
        } else {
            try path.renderValue(into: &builder)
        }
    }
}
