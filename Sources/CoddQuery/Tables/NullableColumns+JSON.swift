import CoddCore

extension NullableColumns {
    /// An outer-joined row with no match is JSON `null`, not an object of nulls.
    public func renderJSON(into builder: inout SQLBuilder) throws {
        let names = Base.columnNames
        // iif(every column IS NULL, NULL, json_object(…)); CASE WHEN … END where the
        // dialect has no iif.
        try builder.conditional(
            { builder in
                for (offset, name) in names.enumerated() {
                    if offset > 0 { builder.keyword("AND") }
                    builder.column(base.qualifier, name)
                    builder.keyword("IS NULL")
                }
            },
            then: { $0.null() },
            otherwise: { try base.renderJSON(into: &$0) }
        )
    }
}
