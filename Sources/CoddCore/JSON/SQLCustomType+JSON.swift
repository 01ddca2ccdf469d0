extension SQLCustomType {
    /// The JSON form by storage class: REAL with 18 significant digits, BLOB as hex digits,
    /// others as stored. See ``SQLCustomType/renderJSON(context:builder:)``.
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        switch storage {
        case .real:
            // iif(x IS NULL, NULL, iif(abs(x) < 9e999, json(printf('%!.18g', x)), printf('%!.18g', x))):
            // an infinity, which JSON has no number for, becomes the string "Inf" / "-Inf".
            func digits(_ context: inout SQLBuilder) throws {
                try context.function("printf") { context in
                    context.listItem { $0.text("%!.18g") }
                    try context.listItem(builder)
                }
            }
            try context.renderJSONUnlessNull(builder) { context in
                try context.function("iif") { context in
                    try context.listItem { context in
                        try context.function("abs") { try $0.listItem(builder) }
                        context.keyword("< 9e999")
                    }
                    try context.listItem { try $0.function("json") { try $0.listItem(digits) } }
                    try context.listItem(digits)
                }
            }
        case .blob:
            try context.renderJSONUnlessNull(builder) { context in
                try context.function("hex") { try $0.listItem(builder) }
            }
        default:
            try builder(&context)
        }
    }
}

extension Optional where Wrapped: SQLCustomType {
    public static func renderJSON(context: inout SQLBuilder, builder: (inout SQLBuilder) throws -> Void) rethrows {
        try Wrapped.renderJSON(context: &context, builder: builder)
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
