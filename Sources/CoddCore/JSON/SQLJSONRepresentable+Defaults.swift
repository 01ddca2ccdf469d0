extension SQLCustomType {
    /// The JSON form by storage class: REAL with 18 significant digits (SQLite's JSON keeps
    /// 15, so `0.30000000000000004` would come back `0.3`; 18 read back exactly where 17
    /// can miss the last bit), BLOB as hex digits (JSON holds no BLOB), others as stored. See ``SQLJSONRepresentable/renderJSON(into:_:)``.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        // PostgreSQL: numbers and text nest in jsonb as they are; bytea as hex digits.
        if !builder.dialect.isSQLite {
            if storage == .blob {
                return try builder.function("encode") { builder in
                    try builder.listItem(expression)
                    builder.listItem { $0.text("hex") }
                }
            }
            return try expression(&builder)
        }
        switch storage {
        case .real:
            // iif(x IS NULL, NULL, iif(abs(x) < 9e999, json(printf('%!.18g', x)), printf('%!.18g', x))):
            // an infinity, which JSON has no number for, becomes the string "Inf" / "-Inf".
            func digits(_ builder: inout SQLBuilder) throws {
                try builder.function("printf") { builder in
                    builder.listItem { $0.text("%!.18g") }
                    try builder.listItem(expression)
                }
            }
            try builder.renderJSONUnlessNull(expression) { builder in
                try builder.function("iif") { builder in
                    try builder.listItem { builder in
                        try builder.function("abs") { try $0.listItem(expression) }
                        builder.keyword("< 9e999")
                    }
                    try builder.listItem { try $0.function("json") { try $0.listItem(digits) } }
                    try builder.listItem(digits)
                }
            }
        case .blob:
            try builder.renderJSONUnlessNull(expression) { builder in
                try builder.function("hex") { try $0.listItem(expression) }
            }
        default:
            try expression(&builder)
        }
    }
}

extension Optional where Wrapped: SQLCustomType {
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
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
        try function("iif") { builder in
            try builder.listItem { builder in
                try operand(&builder)
                builder.keyword("IS NULL")
            }
            builder.listItem { $0.null() }
            try builder.listItem(form)
        }
    }
}
