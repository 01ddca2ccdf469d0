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

extension SQLBuilder {
    /// A JSON form that computes (`strftime(…)` of a number, `hex(…)` of a BLOB), given only
    /// the storage classes it is for: a value of another class nests as the object
    /// ``SQLJSONValue/storageMismatchKey`` names, which decoding turns into the error reading
    /// the column gives (a date's `strftime` would make TEXT 1970, `printf` would make it 0).
    ///
    /// ```sql
    /// CASE WHEN typeof(x) IN ('integer') THEN <form> WHEN typeof(x) IN ('real') THEN x
    /// WHEN x IS NULL THEN NULL
    /// ELSE json_object('codd.storageMismatch', json_array(typeof(x), quote(x))) END
    /// ```
    ///
    /// `passing` classes nest as they are, for the type's reader to judge (a REAL in a
    /// column of whole milliseconds, which it reads when whole).
    public mutating func renderJSONForm(
        of expression: (inout SQLBuilder) throws -> Void,
        taking classes: [String],
        passing passed: [String] = [],
        form: (inout SQLBuilder) throws -> Void
    ) rethrows {
        func typeIn(_ classes: [String], _ builder: inout SQLBuilder) throws {
            builder.keyword("WHEN")
            try builder.function("typeof") { try $0.listItem(expression) }
            builder.keyword("IN")
            builder.parenthesized { builder in
                for storageClass in classes { builder.listItem { $0.text(storageClass) } }
            }
            builder.keyword("THEN")
        }
        keyword("CASE")
        try typeIn(classes, &self)
        try form(&self)
        if !passed.isEmpty {
            try typeIn(passed, &self)
            try expression(&self)
        }
        keyword("WHEN")
        try expression(&self)
        keyword("IS NULL THEN")
        null()
        keyword("ELSE")
        try function("json_object") { builder in
            builder.listItem { $0.text(SQLJSONValue.storageMismatchKey) }
            try builder.listItem { builder in
                try builder.function("json_array") { builder in
                    try builder.listItem { try $0.function("typeof") { try $0.listItem(expression) } }
                    try builder.listItem { try $0.function("quote") { try $0.listItem(expression) } }
                }
            }
        }
        keyword("END")
    }
}
