extension SQLCustomType {
    /// The JSON form by storage class, as the dialect writes it
    /// (``SQLDialectSpelling/renderJSONForm(of:into:_:)``): on SQLite a REAL with 18
    /// significant digits (SQLite's JSON keeps 15, so `0.30000000000000004` would come back
    /// `0.3`), a BLOB as hex digits (JSON holds no BLOB), others as stored. See
    /// ``SQLJSONRepresentable/renderJSON(into:_:)``.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.dialect.spelling.renderJSONForm(of: storage, into: &builder, expression)
    }
}

extension Optional where Wrapped: SQLCustomType {
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try Wrapped.renderJSON(into: &builder, expression)
    }
}

extension SQLBuilder {
    /// `iif(x IS NULL, NULL, form(x))`: a JSON form whose function would turn NULL into a
    /// value (`hex(NULL)` is `''`, `printf('%g', NULL)` is `'0.0'`).
    public mutating func renderJSONUnlessNull(
        _ operand: (inout SQLBuilder) throws -> Void,
        form: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try conditional(
            { builder in
                try operand(&builder)
                builder.keyword("IS NULL")
            },
            then: { $0.null() },
            otherwise: form
        )
    }
}
