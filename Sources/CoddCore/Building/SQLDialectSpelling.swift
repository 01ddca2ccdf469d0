/// How a dialect spells what SQL engines write differently: one type per dialect, whose
/// static members are the table. The defaults are SQLite's; a dialect overrides what its
/// engine writes otherwise.
///
/// A new spelling is one requirement here (with SQLite's default) and one override in the
/// dialect that differs; the code that renders it asks `builder.dialect.spelling`.
public protocol SQLDialectSpelling {
    /// The name of a function whose spelling differs between engines, or `nil` where the
    /// engine has none (rendering it is then an ``SQLDialectError``).
    static func name(of function: SQLDialectFunction) -> StaticString?

    /// Whether the JSON-array aggregate (``SQLDialectFunction/jsonGroupArray``) of no rows
    /// is NULL rather than `[]`, so that it renders inside `coalesce(…, <empty array>)`.
    static var jsonArrayAggregateOfNoRowsIsNull: Bool { get }

    /// Renders an empty JSON array: `json_array()`.
    static func renderEmptyJSONArray(into builder: inout SQLBuilder)

    /// The null-safe equality operator: SQLite's `IS` / `IS NOT`.
    static func nullSafeEquality(negated: Bool) -> StaticString

    /// Renders a boolean constant: SQLite's `1` / `0`.
    static func renderBoolean(_ value: Bool, into builder: inout SQLBuilder)

    /// Renders `condition ? then : otherwise`: SQLite's `iif(c, t, e)`.
    static func renderConditional(
        into builder: inout SQLBuilder,
        condition: (inout SQLBuilder) throws -> Void,
        then: (inout SQLBuilder) throws -> Void,
        otherwise: (inout SQLBuilder) throws -> Void
    ) rethrows

    /// Renders `expression`, a value of `storage`, in the form it takes inside the engine's
    /// JSON (`json_object`, `json_group_array`): on SQLite a REAL with all its digits and a
    /// BLOB as hex digits (JSON holds no BLOB), the others as stored.
    static func renderJSONForm(
        of storage: SQLStorage, into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
    ) rethrows

    /// Renders a natively typed value (``SQLNativeValue``) as a placeholder and its binding,
    /// or as a literal, by the builder's mode. Only a dialect with
    /// ``SQLDialect/Capabilities/nativeTypes`` is asked.
    static func renderNative(_ value: SQLNativeValue, into builder: inout SQLBuilder) throws

    /// Renders the value at `path` inside the JSON document `document` renders (an operand:
    /// parenthesized if compound), read as `extraction`: SQLite's `"doc" -> '$.a.b'` (JSON)
    /// and `"doc" ->> '$.a.b'` (an SQL value). A missing member is NULL.
    static func renderJSONPath(
        _ path: [SQLJSONPathComponent], of document: (inout SQLBuilder) throws -> Void,
        as extraction: SQLJSONExtraction, into builder: inout SQLBuilder
    ) throws

    /// Renders `document` (a JSON document, an operand) changed by `modification`: SQLite's
    /// `json_set(doc, '$.a', json(?))`, `json_remove(doc, '$.a')`, `json_patch(doc, json(?))`.
    static func renderJSONModification(
        _ modification: SQLJSONModification, of document: (inout SQLBuilder) throws -> Void, into builder: inout SQLBuilder
    ) throws

    /// Renders whether the JSON array `array` renders (its JSON form) holds the element whose
    /// JSON text is `elementJSON`, for a dialect without
    /// ``SQLDialect/Capabilities/jsonTableFunctions`` (which renders an `EXISTS` over
    /// `json_each` instead): PostgreSQL's `doc @> '["urgent"]'::jsonb`.
    static func renderJSONContainment(
        of array: (inout SQLBuilder) throws -> Void, elementJSON: String, into builder: inout SQLBuilder
    ) throws
}

/// A function whose name or presence differs between engines.
public enum SQLDialectFunction: Sendable, Hashable {
    /// SQLite's `json_object(key, value, …)`.
    case jsonObject
    /// SQLite's `json_group_array(x)`, the aggregate of values into a JSON array.
    case jsonGroupArray
    /// SQLite's `total(x)`: the sum as REAL, 0.0 for no rows.
    case total
    /// SQLite's `group_concat(x, separator)`.
    case groupConcat
}

extension SQLDialectSpelling {
    public static func name(of function: SQLDialectFunction) -> StaticString? {
        switch function {
        case .jsonObject: "json_object"
        case .jsonGroupArray: "json_group_array"
        case .total: "total"
        case .groupConcat: "group_concat"
        }
    }

    public static var jsonArrayAggregateOfNoRowsIsNull: Bool { false }

    public static func renderEmptyJSONArray(into builder: inout SQLBuilder) {
        builder.function("json_array") { _ in }
    }

    public static func nullSafeEquality(negated: Bool) -> StaticString {
        negated ? "IS NOT" : "IS"
    }

    public static func renderBoolean(_ value: Bool, into builder: inout SQLBuilder) {
        builder.integer(value ? 1 : 0)
    }

    public static func renderConditional(
        into builder: inout SQLBuilder,
        condition: (inout SQLBuilder) throws -> Void,
        then: (inout SQLBuilder) throws -> Void,
        otherwise: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try builder.function("iif") { builder in
            try builder.listItem(condition)
            try builder.listItem(then)
            try builder.listItem(otherwise)
        }
    }

    public static func renderJSONForm(
        of storage: SQLStorage, into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
    ) rethrows {
        switch storage {
        case .real:
            // iif(x IS NULL, NULL, iif(abs(x) < 9e999, json(printf('%!.18g', x)), printf('%!.18g', x))):
            // 18 significant digits (SQLite's JSON keeps 15, so `0.30000000000000004` would
            // come back `0.3`; 18 read back exactly where 17 can miss the last bit); an
            // infinity, which JSON has no number for, becomes the string "Inf" / "-Inf".
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

    public static func renderNative(_ value: SQLNativeValue, into builder: inout SQLBuilder) throws {
        throw SQLDialectError(feature: "native values", dialect: builder.dialect)
    }
}

/// SQLite's spellings: the defaults of ``SQLDialectSpelling``.
public enum SQLiteSpelling: SQLDialectSpelling {}

extension SQLBuilder {
    /// Throws ``SQLDialectError`` naming `feature` unless the dialect has `capability`.
    public func require(_ capability: SQLDialect.Capabilities, _ feature: @autoclosure () -> String) throws {
        if !dialect.supports(capability) { throw SQLDialectError(feature: feature(), dialect: dialect) }
    }

    /// Appends the dialect's name for `function`; throws ``SQLDialectError`` where it has none.
    public mutating func function(
        _ function: SQLDialectFunction, _ arguments: (inout SQLBuilder) throws -> Void
    ) throws {
        guard let name = dialect.spelling.name(of: function) else {
            throw SQLDialectError(feature: "\(SQLiteSpelling.name(of: function) ?? "this function")()", dialect: dialect)
        }
        try self.function(name, arguments)
    }

    /// `condition ? then : otherwise` as the dialect writes it (`iif(…)`, `CASE WHEN … END`).
    public mutating func conditional(
        _ condition: (inout SQLBuilder) throws -> Void,
        then: (inout SQLBuilder) throws -> Void,
        otherwise: (inout SQLBuilder) throws -> Void
    ) rethrows {
        try dialect.spelling.renderConditional(into: &self, condition: condition, then: then, otherwise: otherwise)
    }
}
