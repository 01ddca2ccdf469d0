// SQLite's spelling of JSON paths and partial updates: the defaults of SQLDialectSpelling.

extension SQLDialectSpelling {
    /// `"doc" -> '$.a."b c"[0]'` or `->>`: the path as an escaped literal, so an expression
    /// index on the same SQL serves it. A key SQLite's path syntax cannot hold (a `"`, a
    /// backslash, a control character) is looked up through `json_each` instead, the key
    /// bound as a value:
    /// `(SELECT "codd_member"."value" FROM json_each("doc", '$.a') AS "codd_member" WHERE "codd_member"."key" = ?)`.
    public static func renderJSONPath(
        _ path: [SQLJSONPathComponent], of document: (inout SQLBuilder) throws -> Void,
        as extraction: SQLJSONExtraction, into builder: inout SQLBuilder
    ) throws {
        if let text = path.sqlitePath {
            try document(&builder)
            builder.keyword(extraction == .json ? "->" : "->>")
            builder.text(text)
            return
        }
        guard
            let split = path.firstIndex(where: { component in
                if case .key(let key) = component { return [SQLJSONPathComponent.key(key)].sqlitePath == nil }
                return false
            }), case .key(let key) = path[split]
        else { return }
        if key.utf8.contains(0) {
            throw SQLEncodingError(
                type: "JSON key", valuePreview: key.debugDescription,
                reason: "SQLite's JSON functions end a key at a NUL byte, so no path can name this one"
            )
        }
        let prefix = Array(path[..<split])
        let rest = Array(path[(split + 1)...])
        try builder.parenthesized { builder in
            builder.keyword("SELECT")
            if rest.isEmpty {
                if extraction == .json {
                    builder.function("json_quote") { $0.listItem { $0.identifier("codd_member", "value") } }
                } else {
                    builder.identifier("codd_member", "value")
                }
            } else {
                try renderJSONPath(rest, of: { $0.identifier("codd_member", "value") }, as: extraction, into: &builder)
            }
            builder.keyword("FROM")
            try builder.function("json_each") { builder in
                try builder.listItem(document)
                // Safe by construction: the prefix holds no key the syntax cannot.
                builder.listItem { $0.text(prefix.sqlitePath ?? "$") }
            }
            builder.keyword("AS")
            builder.identifier("codd_member")
            builder.keyword("WHERE")
            builder.identifier("codd_member", "key")
            builder.keyword("=")
            try builder.value(key)
        }
    }

    /// `json_set(doc, '$.a', json(?), …)`, `json_insert`, `json_replace`, `json_remove(doc,
    /// '$.a', …)`, `json_patch(doc, json(?))`: each value the bound JSON text of a Swift
    /// value, read by `json(…)` so it nests as JSON. A path SQLite's syntax cannot hold is an
    /// error, never a different path.
    public static func renderJSONModification(
        _ modification: SQLJSONModification, of document: (inout SQLBuilder) throws -> Void,
        into builder: inout SQLBuilder
    ) throws {
        func path(_ components: [SQLJSONPathComponent]) throws -> String {
            guard let text = components.sqlitePath else {
                throw SQLEncodingError(
                    type: "JSON path", valuePreview: "\(components)",
                    reason:
                        "a key holding a quote, a backslash or a control character cannot be written in SQLite's JSON path syntax, so \(modification.name) cannot address it"
                )
            }
            return text
        }
        func json(_ text: String, into builder: inout SQLBuilder) throws {
            try builder.function("json") { try $0.listItem { try $0.value(text) } }
        }
        switch modification {
        case .set(let pairs), .insert(let pairs), .replace(let pairs):
            let name: StaticString =
                switch modification {
                case .set: "json_set"
                case .insert: "json_insert"
                default: "json_replace"
                }
            try builder.function(name) { builder in
                try builder.listItem(document)
                for pair in pairs {
                    let text = try path(pair.path)
                    builder.listItem { $0.text(text) }
                    try builder.listItem { try json(pair.json, into: &$0) }
                }
            }
        case .remove(let paths):
            try builder.function("json_remove") { builder in
                try builder.listItem(document)
                for components in paths {
                    let text = try path(components)
                    builder.listItem { $0.text(text) }
                }
            }
        case .patch(let patch):
            try builder.function("json_patch") { builder in
                try builder.listItem(document)
                try builder.listItem { try json(patch, into: &$0) }
            }
        }
    }
}

extension SQLDialectSpelling {
    /// SQLite reads arrays as rows (``SQLDialect/Capabilities/jsonTableFunctions``): it is
    /// never asked.
    public static func renderJSONContainment(
        of array: (inout SQLBuilder) throws -> Void, elementJSON: String, into builder: inout SQLBuilder
    ) throws {
        throw SQLDialectError(feature: "JSON array containment", dialect: builder.dialect)
    }
}
