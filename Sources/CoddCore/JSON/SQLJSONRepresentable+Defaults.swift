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
    /// SQLite only: a dialect with native types nests its values as they are.
    ///
    /// ```sql
    /// CASE WHEN typeof(x) IN ('integer') THEN <form> WHEN x IS NULL THEN NULL
    /// ELSE json_object('codd.storageMismatch', json_array(typeof(x), iif(typeof(x) = 'blob', hex(x), x))) END
    ///
    /// (For a form that takes BLOBs the value nests as `iif(typeof(x) = 'real',
    /// printf('%!.18g', x), x)`: see `renderMismatchedValue`.)
    /// ```
    ///
    /// With `passingRealThrough`, a REAL nests as a REAL column's form does (all 18 digits:
    /// SQLite's JSON would print 15, and a fraction could vanish), for the type's reader to
    /// judge: a REAL in a column of whole milliseconds, which it reads when whole.
    package mutating func renderStorageCheckedJSON(
        of expression: (inout SQLBuilder) throws -> Void,
        accepting classes: [SQLStorage],
        passingRealThrough: Bool = false,
        form: (inout SQLBuilder) throws -> Void
    ) rethrows {
        func typeIn(_ classes: [SQLStorage], _ builder: inout SQLBuilder) throws {
            builder.keyword("WHEN")
            try builder.function("typeof") { try $0.listItem(expression) }
            builder.keyword("IN")
            builder.parenthesized { builder in
                for storageClass in classes { builder.listItem { $0.text(storageClass.description.lowercased()) } }
            }
            builder.keyword("THEN")
        }
        keyword("CASE")
        try typeIn(classes, &self)
        try form(&self)
        if passingRealThrough {
            try typeIn([.real], &self)
            try renderREALDigitsJSON(expression)
        }
        keyword("WHEN")
        try expression(&self)
        keyword("IS NULL THEN")
        null()
        keyword("ELSE")
        // What reaches the mismatch is of a class not accepted: a BLOB nests as its hex
        // digits (JSON holds no BLOB), a REAL as its 18 digits in a string (an infinity would
        // make the whole array invalid JSON), other values as they are. The decoder previews
        // it as reading the column does (`quote` would stop at a NUL, and its text cut at 64
        // characters would lose the closing quote).
        let nestsBLOB = !classes.contains(.blob)
        let nestsREAL = !classes.contains(.real) && !passingRealThrough
        try function("json_object") { builder in
            builder.listItem { $0.text(SQLJSONValue.storageMismatchKey) }
            try builder.listItem { builder in
                try builder.function("json_array") { builder in
                    try builder.listItem { try $0.function("typeof") { try $0.listItem(expression) } }
                    try builder.listItem { builder in
                        try builder.renderMismatchedValue(expression, nestsBLOB: nestsBLOB, nestsREAL: nestsREAL)
                    }
                }
            }
        }
        keyword("END")
    }

    /// `iif(typeof(x) = 'blob', hex(x), x)`, `iif(typeof(x) = 'real', printf('%!.18g', x),
    /// x)`, or with both `CASE typeof(x) WHEN 'blob' THEN hex(x) WHEN 'real' THEN
    /// printf('%!.18g', x) ELSE x END`.
    private mutating func renderMismatchedValue(
        _ expression: (inout SQLBuilder) throws -> Void, nestsBLOB: Bool, nestsREAL: Bool
    ) rethrows {
        func hex(_ builder: inout SQLBuilder) throws {
            try builder.function("hex") { try $0.listItem(expression) }
        }
        func digits(_ builder: inout SQLBuilder) throws { try builder.renderREALDigits(expression) }
        switch (nestsBLOB, nestsREAL) {
        case (true, true):
            keyword("CASE")
            try function("typeof") { try $0.listItem(expression) }
            keyword("WHEN 'blob' THEN")
            try hex(&self)
            keyword("WHEN 'real' THEN")
            try digits(&self)
            keyword("ELSE")
            try expression(&self)
            keyword("END")
        case (true, false), (false, true):
            try function("iif") { builder in
                try builder.listItem { builder in
                    try builder.function("typeof") { try $0.listItem(expression) }
                    if nestsBLOB { builder.keyword("= 'blob'") } else { builder.keyword("= 'real'") }
                }
                try builder.listItem(nestsBLOB ? hex : digits)
                try builder.listItem(expression)
            }
        case (false, false):
            try expression(&self)
        }
    }
}

extension SQLBuilder {
    /// `iif(abs(x) < 9e999, json(printf('%!.18g', x)), printf('%!.18g', x))`: a REAL with 18
    /// significant digits (SQLite's JSON keeps 15, so `0.30000000000000004` would come back
    /// `0.3`; 18 read back exactly where 17 can miss the last bit); an infinity, which JSON
    /// has no number for, the string "Inf" / "-Inf".
    package mutating func renderREALDigitsJSON(_ expression: (inout SQLBuilder) throws -> Void) rethrows {
        func digits(_ builder: inout SQLBuilder) throws { try builder.renderREALDigits(expression) }
        try function("iif") { builder in
            try builder.listItem { builder in
                try builder.function("abs") { try $0.listItem(expression) }
                builder.keyword("< 9e999")
            }
            try builder.listItem { try $0.function("json") { try $0.listItem(digits) } }
            try builder.listItem(digits)
        }
    }

    /// `printf('%!.18g', x)`: a REAL's text with 18 significant digits, which reads back as
    /// the same Double (`Inf` / `-Inf` for an infinity).
    package mutating func renderREALDigits(_ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try function("printf") { builder in
            builder.listItem { $0.text("%!.18g") }
            try builder.listItem(expression)
        }
    }
}
