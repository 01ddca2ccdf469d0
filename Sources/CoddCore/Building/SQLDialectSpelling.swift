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
        _ modification: SQLJSONModification, of document: (inout SQLBuilder) throws -> Void,
        into builder: inout SQLBuilder
    ) throws

    /// Renders whether the JSON array `array` renders (its JSON form) holds the element whose
    /// JSON text is `elementJSON`, for a dialect without
    /// ``SQLDialect/Capabilities/jsonTableFunctions`` (which renders an `EXISTS` over
    /// `json_each` instead): PostgreSQL's `doc @> '["urgent"]'::jsonb`.
    static func renderJSONContainment(
        of array: (inout SQLBuilder) throws -> Void, elementJSON: String, into builder: inout SQLBuilder
    ) throws

    /// The SQL type `CAST(x AS …)` names for values of `storage`: SQLite's `INTEGER`,
    /// `REAL`, `TEXT`, `BLOB`; `nil` for none (NULL).
    static func castTypeName(of storage: SQLStorage) -> StaticString?

    /// The name `COLLATE` renders for `collation`, or `nil` where the engine has no such
    /// collation (rendering it is then an ``SQLDialectError``). SQLite: the name as given.
    static func collationName(of collation: SQLCollation) -> String?

    /// Renders what an `OFFSET` without a `LIMIT` needs before it: SQLite's grammar has no
    /// OFFSET alone, so `LIMIT -1` (no limit).
    static func renderNoLimit(into builder: inout SQLBuilder)

    /// Renders `component` of the instant `instant` renders (its wrapped form, as compared)
    /// as an integer: SQLite's `CAST(strftime('%Y', julianday("at")) AS INTEGER)`.
    static func renderDateComponent(
        _ component: SQLDateComponent, into builder: inout SQLBuilder, of instant: (inout SQLBuilder) throws -> Void
    ) throws

    /// Renders TEXT holding JSON as the argument of a JSON function: SQLite reads the text
    /// as it is.
    static func renderTextAsJSON(into builder: inout SQLBuilder, _ text: (inout SQLBuilder) throws -> Void) throws

    /// Renders the count of a bit shift (`x << count`): SQLite takes any integer.
    static func renderShiftCount(into builder: inout SQLBuilder, _ count: (inout SQLBuilder) throws -> Void) throws

    /// Renders an `avg(…)` call (`call`) as a REAL, what the DSL reads it as: SQLite's is one;
    /// PostgreSQL's `avg` of integers is a `numeric`, cast.
    static func renderAverage(into builder: inout SQLBuilder, _ call: (inout SQLBuilder) throws -> Void) throws
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
    /// The scalar `max(a, b, …)`: the largest argument, NULL if any is NULL.
    case scalarMax
    /// The scalar `min(a, b, …)`: the smallest argument, NULL if any is NULL.
    case scalarMin
    /// `char(code, …)`: the text of those code points.
    case char
    /// `hex(x)`: the bytes of a BLOB, or of the text's UTF-8, as upper-case hex digits.
    case hex
    /// `unhex(x)` (SQLite 3.41): the BLOB of hex digits.
    case unhex
    /// `quote(x)`: the SQL literal of the value.
    case quote
    /// `typeof(x)`: the storage class, `integer`, `real`, `text`, `blob` or `null`.
    case typeof
    /// `unicode(x)`: the code point of the first character.
    case unicode
    /// `random()`: a pseudo-random 64-bit integer.
    case random
    /// `randomblob(n)`: `n` pseudo-random bytes.
    case randomblob
    /// `zeroblob(n)`: `n` zero bytes.
    case zeroblob
    /// `printf(format, …)` (`format`).
    case printf
    /// `likely(x)`: `x`, with a hint to the query planner that it is usually true.
    case likely
    /// `unlikely(x)`: `x`, with a hint that it is usually false.
    case unlikely
    /// `likelihood(x, p)`: `x`, with a hint of the probability `p` that it is true.
    case likelihood
    /// `changes()`: the rows the last INSERT, UPDATE or DELETE wrote.
    case changes
    /// `total_changes()`: the rows written since the connection opened.
    case totalChanges
    /// `last_insert_rowid()`: the rowid of the last row inserted.
    case lastInsertRowID
    /// `sqlite_version()`.
    case sqliteVersion
    /// `sqlite_source_id()`.
    case sqliteSourceID
    /// `sqlite_compileoption_used(name)`.
    case compileOptionUsed
    /// `sqlite_compileoption_get(n)`.
    case compileOptionGet
    /// `sign(x)`: -1, 0 or 1.
    case sign
    /// `ifnull(x, y)`: `x` unless it is NULL.
    case ifnull
    /// `json_array_length(x)`: the number of elements of a JSON array.
    case jsonArrayLength
    /// `json_quote(x)`: an SQL value as JSON (a string quoted, a number as it is, NULL as
    /// `null`); PostgreSQL's `to_jsonb`.
    case jsonQuote
}

extension SQLDialectSpelling {
    public static func name(of function: SQLDialectFunction) -> StaticString? {
        switch function {
        case .jsonObject: "json_object"
        case .jsonGroupArray: "json_group_array"
        case .total: "total"
        case .groupConcat: "group_concat"
        case .scalarMax: "max"
        case .scalarMin: "min"
        case .char: "char"
        case .hex: "hex"
        case .unhex: "unhex"
        case .quote: "quote"
        case .typeof: "typeof"
        case .unicode: "unicode"
        case .random: "random"
        case .randomblob: "randomblob"
        case .zeroblob: "zeroblob"
        case .printf: "printf"
        case .likely: "likely"
        case .unlikely: "unlikely"
        case .likelihood: "likelihood"
        case .changes: "changes"
        case .totalChanges: "total_changes"
        case .lastInsertRowID: "last_insert_rowid"
        case .sqliteVersion: "sqlite_version"
        case .sqliteSourceID: "sqlite_source_id"
        case .compileOptionUsed: "sqlite_compileoption_used"
        case .compileOptionGet: "sqlite_compileoption_get"
        case .sign: "sign"
        case .ifnull: "ifnull"
        case .jsonArrayLength: "json_array_length"
        case .jsonQuote: "json_quote"
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
            // CASE WHEN typeof(x) IN ('real', 'integer') THEN <all 18 digits (renderREALDigitsJSON)>
            // WHEN x IS NULL THEN NULL ELSE <mismatch> END: TEXT or a BLOB would print as 0.0.
            try builder.renderStorageCheckedJSON(of: expression, accepting: [.real, .integer]) { builder in
                try builder.renderREALDigitsJSON(expression)
            }
        case .blob:
            // `hex` of TEXT or a number would read back as its bytes.
            try builder.renderStorageCheckedJSON(of: expression, accepting: [.blob]) { builder in
                try builder.function("hex") { try $0.listItem(expression) }
            }
        default:
            try expression(&builder)
        }
    }

    public static func renderNative(_ value: SQLNativeValue, into builder: inout SQLBuilder) throws {
        throw SQLDialectError(feature: "native values", dialect: builder.dialect)
    }

    public static func castTypeName(of storage: SQLStorage) -> StaticString? {
        switch storage {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: nil
        }
    }

    public static func collationName(of collation: SQLCollation) -> String? {
        collation.name
    }

    public static func renderNoLimit(into builder: inout SQLBuilder) {
        builder.keyword("LIMIT -1")
    }

    /// `CAST(strftime('%Y', <instant>) AS INTEGER)`: `strftime` reads the julian day the
    /// instant's wrap gives, whatever its storage.
    public static func renderDateComponent(
        _ component: SQLDateComponent, into builder: inout SQLBuilder, of instant: (inout SQLBuilder) throws -> Void
    ) throws {
        try builder.require(.dateFunctions, "strftime (date components)")
        try builder.function("CAST") { builder in
            try builder.function("strftime") { builder in
                builder.listItem { $0.text(component.strftimeFormat) }
                try builder.listItem(instant)
            }
            builder.keyword("AS INTEGER")
        }
    }

    public static func renderTextAsJSON(into builder: inout SQLBuilder, _ text: (inout SQLBuilder) throws -> Void)
        throws
    {
        try text(&builder)
    }

    public static func renderShiftCount(into builder: inout SQLBuilder, _ count: (inout SQLBuilder) throws -> Void)
        throws
    {
        try count(&builder)
    }

    public static func renderAverage(into builder: inout SQLBuilder, _ call: (inout SQLBuilder) throws -> Void) throws {
        try call(&builder)
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
            throw SQLDialectError(
                feature: "\(SQLiteSpelling.name(of: function) ?? "this function")()", dialect: dialect)
        }
        try self.function(name, arguments)
    }

    /// `COLLATE "name"` as the dialect names `collation`; throws ``SQLDialectError`` where it
    /// has none.
    public mutating func collate(dialectCollation collation: SQLCollation) throws {
        guard let name = dialect.spelling.collationName(of: collation) else {
            throw SQLDialectError(feature: "the collation \(collation.name)", dialect: dialect)
        }
        // The same name keeps the collation itself, so one written in Swift is noted for
        // the driver to register (and refused where the engine cannot run it).
        collate(name == collation.name ? collation : SQLCollation(name))
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
