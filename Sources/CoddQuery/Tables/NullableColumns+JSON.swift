import CoddCore

extension NullableColumns {
    /// An outer-joined row with no match is JSON `null`, not an object of nulls.
    public func renderJSON(into builder: inout SQLBuilder) throws {
        let names = Base.columnNames
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
