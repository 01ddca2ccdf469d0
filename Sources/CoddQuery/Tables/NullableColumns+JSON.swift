import CoddCore

extension NullableColumns {
    /// An outer-joined row with no match is JSON `null`, not an object of nulls.
    public func renderJSON(into builder: inout SQLBuilder) throws {
        let names = Base.columnNames
        if !builder.dialect.isSQLite {
            // PostgreSQL has no iif: CASE WHEN every column IS NULL THEN NULL ELSE … END.
            builder.keyword("CASE WHEN")
            for (offset, name) in names.enumerated() {
                if offset > 0 { builder.keyword("AND") }
                builder.column(base.qualifier, name)
                builder.keyword("IS NULL")
            }
            builder.keyword("THEN NULL ELSE")
            try base.renderJSON(into: &builder)
            builder.keyword("END")
            return
        }
        try builder.function("iif") { builder in
            builder.listItem { builder in
                for (offset, name) in names.enumerated() {
                    if offset > 0 { builder.keyword("AND") }
                    builder.column(base.qualifier, name)
                    builder.keyword("IS NULL")
                }
            }
            builder.listItem { $0.null() }
            try builder.listItem { try base.renderJSON(into: &$0) }
        }
    }
}
