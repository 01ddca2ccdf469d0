#if PostgreSQL
import CoddCore

// PostgreSQL's spelling of JSON paths and partial updates, on `jsonb` (what a JSON column is
// there): `->` and `->>` with each key a text literal (no path syntax to escape), a value cast
// to the type it compares as; `jsonb_set`, `#-`.

extension PostgreSQLSpelling {
    /// `"doc" -> 'a' -> 'b'` (JSON), or `("doc" -> 'a' ->> 'b')::bigint` (a value, cast to
    /// the representation's type: `uuid`, `timestamptz`, `numeric`, `boolean`, `bigint`,
    /// `double precision`; text stays text).
    public static func renderJSONPath(
        _ path: [SQLJSONPathComponent], of document: (inout SQLBuilder) throws -> Void,
        as extraction: SQLJSONExtraction, into builder: inout SQLBuilder
    ) throws {
        func chain(_ builder: inout SQLBuilder) throws {
            try document(&builder)
            if path.isEmpty, extraction != .json {
                builder.keyword("#>>")
                builder.text("{}")
            }
            for (index, component) in path.enumerated() {
                builder.keyword(index == path.count - 1 && extraction != .json ? "->>" : "->")
                switch component {
                case .key(let key):
                    builder.text(try Self.key(key, dialect: builder.dialect))
                case .index(let position):
                    builder.integer(Int64(position))
                case .append:
                    throw SQLDialectError(
                        feature: "the end of an array ($[#]) read as a value", dialect: builder.dialect)
                }
            }
        }
        guard case .value(let storage, let native) = extraction, let cast = castName(storage: storage, native: native)
        else {
            return try chain(&builder)
        }
        try builder.parenthesized(chain)
        builder.postfixCast(cast)
    }

    /// The type `->>`'s text is cast to, to compare as the representation does.
    static func castName(storage: SQLStorage, native: SQLNativeKind?) -> StaticString? {
        switch native {
        case .uuid: return "uuid"
        case .timestamp: return "timestamptz"
        case .numeric: return "numeric"
        case .boolean: return "boolean"
        case .json: return "jsonb"
        case nil: break
        }
        switch storage {
        case .integer: return "bigint"
        case .real: return "double precision"
        default: return nil
        }
    }

    /// A key as PostgreSQL text holds it: any but NUL.
    static func key(_ key: String, dialect: SQLDialect) throws -> String {
        if key.utf8.contains(0) {
            throw SQLEncodingError(
                type: "JSON key", valuePreview: key.debugDescription, reason: "PostgreSQL text cannot hold a NUL byte")
        }
        return key
    }

    /// `jsonb_set(doc, '{"a","b"}', $1::jsonb, true)` (set; `false` to replace only),
    /// `doc #- '{"a"}'` (remove), an insert that sets only a missing member
    /// (`CASE WHEN doc #> '{"a"}' IS NULL THEN jsonb_set(…) ELSE doc END`) or appends
    /// (`jsonb_insert(doc, '{"tags","-1"}', $1::jsonb, true)`). RFC 7396's merge patch has no
    /// PostgreSQL function: an `SQLDialectError`.
    public static func renderJSONModification(
        _ modification: SQLJSONModification, of document: (inout SQLBuilder) throws -> Void,
        into builder: inout SQLBuilder
    ) throws {
        func path(_ components: [SQLJSONPathComponent], into builder: inout SQLBuilder) throws {
            var elements: [String] = []
            for component in components {
                switch component {
                case .key(let key): elements.append(try Self.key(key, dialect: builder.dialect))
                case .index(let position): elements.append(String(position))
                case .append: elements.append("-1")
                }
            }
            builder.text("{" + elements.map(arrayElement).joined(separator: ",") + "}")
        }
        func json(_ text: String, into builder: inout SQLBuilder) throws {
            try builder.value(text)
            builder.postfixCast("jsonb")
        }
        /// Applies one step to what `inner` renders.
        func apply(
            _ steps: [(inout SQLBuilder, (inout SQLBuilder) throws -> Void) throws -> Void],
            into builder: inout SQLBuilder
        ) throws {
            func render(_ count: Int, _ builder: inout SQLBuilder) throws {
                guard count > 0 else { return try document(&builder) }
                try steps[count - 1](&builder) { try render(count - 1, &$0) }
            }
            try render(steps.count, &builder)
        }
        switch modification {
        case .set(let pairs), .replace(let pairs):
            let createsMissing = if case .set = modification { true } else { false }
            try apply(
                pairs.map { pair in
                    { builder, inner in
                        try builder.function("jsonb_set") { builder in
                            try builder.listItem(inner)
                            try builder.listItem { try path(pair.path, into: &$0) }
                            try builder.listItem { try json(pair.json, into: &$0) }
                            builder.listItem { $0.keyword(createsMissing ? "true" : "false") }
                        }
                    }
                }, into: &builder)
        case .insert(let pairs):
            try apply(
                pairs.map { pair in
                    { builder, inner in
                        if pair.path.last == .append {
                            try builder.function("jsonb_insert") { builder in
                                try builder.listItem(inner)
                                try builder.listItem { try path(pair.path, into: &$0) }
                                try builder.listItem { try json(pair.json, into: &$0) }
                                builder.listItem { $0.keyword("true") }
                            }
                            return
                        }
                        builder.keyword("CASE WHEN")
                        try builder.parenthesized(inner)
                        builder.keyword("#>")
                        try path(pair.path, into: &builder)
                        builder.keyword("IS NULL THEN")
                        try builder.function("jsonb_set") { builder in
                            try builder.listItem(inner)
                            try builder.listItem { try path(pair.path, into: &$0) }
                            try builder.listItem { try json(pair.json, into: &$0) }
                            builder.listItem { $0.keyword("true") }
                        }
                        builder.keyword("ELSE")
                        try inner(&builder)
                        builder.keyword("END")
                    }
                }, into: &builder)
        case .remove(let paths):
            try apply(
                paths.map { components in
                    { builder, inner in
                        try builder.parenthesized(inner)
                        builder.keyword("#-")
                        try path(components, into: &builder)
                    }
                }, into: &builder)
        case .patch:
            throw SQLDialectError(feature: "json_patch (RFC 7396's merge patch)", dialect: builder.dialect)
        }
    }

    /// `doc @> $1::jsonb`, bound `["urgent"]`: the array holds the element (jsonb
    /// containment, one level deep for a scalar).
    public static func renderJSONContainment(
        of array: (inout SQLBuilder) throws -> Void, elementJSON: String, into builder: inout SQLBuilder
    ) throws {
        try builder.parenthesized(array)
        builder.keyword("@>")
        try builder.value("[" + elementJSON + "]")
        builder.postfixCast("jsonb")
    }

    /// An element of a PostgreSQL array literal, quoted: `"a \"b\""`.
    private static func arrayElement(_ text: String) -> String {
        var quoted = "\""
        for character in text.unicodeScalars {
            if character == "\"" || character == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(character)
        }
        return quoted + "\""
    }
}
#endif
