extension SQLSelectable {
    /// A selection with no JSON form (a tuple of expressions) cannot be aggregated into JSON.
    public func renderJSON(into builder: inout SQLBuilder) throws {
        throw SQLEncodingError(
            type: SQLTypeName.of(Self.self), valuePreview: "",
            reason: "has no JSON form: aggregate a table, a @Selection or an expression"
        )
    }
}

extension SQLExpression {
    /// The expression in its type's JSON form: `json("t"."doc")` for a JSON column,
    /// the text of a 16-byte UUID, a REAL with all its digits. In a dialect with native
    /// types a natively typed value nests in JSON as it is (a `uuid` as its text, a
    /// `timestamptz` as ISO 8601).
    public func renderJSON(into builder: inout SQLBuilder) throws {
        if builder.dialect.hasNativeTypes, QueryValue.self is any SQLNativelyTyped.Type {
            return try render(into: &builder)
        }
        try QueryValue.renderJSON(into: &builder) { try render(into: &$0) }
    }
}

extension SQLBuilder {
    /// `json_object(…)` (as the dialect names it: PostgreSQL's `jsonb_build_object(…)`)
    /// around the members `body` renders with ``jsonMember(_:_:)``.
    public mutating func jsonObject(_ body: (inout SQLBuilder) throws -> Void) rethrows {
        try function(dialect.spelling.name(of: .jsonObject) ?? "json_object", body)
    }

    /// One member of a `json_object(…)`: `'key', <value's JSON form>`.
    public mutating func jsonMember(_ key: String, _ value: some SQLSelectable) throws {
        listItem { $0.text(key) }
        try listItem { try value.renderJSON(into: &$0) }
    }
}
