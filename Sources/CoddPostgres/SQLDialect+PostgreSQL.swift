#if PostgreSQL
import CoddCore

extension SQLDialect {
    /// PostgreSQL: `$1 … $n` placeholders; natively typed values as `uuid`, `timestamptz`,
    /// `jsonb` and `boolean` (`$1::uuid`), compared as they are (no `julianday` wrap) and
    /// nested in JSON as they are; `jsonb_build_object` and `json_agg` for JSON; none of
    /// SQLite's date functions, conflict clauses or FTS5 (see docs/PostgreSQL.md).
    public static let postgreSQL = SQLDialect(
        name: "PostgreSQL", placeholderStyle: .dollarNumbered, capabilities: [.nativeTypes],
        spelling: PostgreSQLSpelling.self
    )
}

/// How PostgreSQL spells what SQLite writes otherwise: its entries of the dialect table.
public enum PostgreSQLSpelling: SQLDialectSpelling {
    public static func name(of function: SQLDialectFunction) -> StaticString? {
        switch function {
        case .jsonObject: "jsonb_build_object"
        case .jsonGroupArray: "json_agg"
        case .scalarMax: "greatest"
        case .scalarMin: "least"
        case .ifnull: "coalesce"
        case .jsonArrayLength: "jsonb_array_length"
        case .jsonQuote: "to_jsonb"
        // What PostgreSQL lacks, or computes otherwise (`chr` takes one code, `quote_nullable`
        // quotes numbers, `random()` is a REAL, `sign` a numeric, `pg_typeof` names its own types).
        case .total, .groupConcat, .char, .hex, .unhex, .quote, .typeof, .unicode, .random, .randomblob, .zeroblob,
            .printf, .likely, .unlikely, .likelihood, .changes, .totalChanges, .lastInsertRowID, .sqliteVersion,
            .sqliteSourceID, .compileOptionUsed, .compileOptionGet, .sign:
            nil
        }
    }

    /// `BIGINT`, `DOUBLE PRECISION`, `TEXT`, `BYTEA`: the types Codd's values take there
    /// (PostgreSQL's `INTEGER` is 32 bits, its `REAL` 4 bytes).
    public static func castTypeName(of storage: SQLStorage) -> StaticString? {
        switch storage {
        case .integer: "BIGINT"
        case .real: "DOUBLE PRECISION"
        case .text: "TEXT"
        case .blob: "BYTEA"
        case .null: nil
        }
    }

    /// SQLite's `BINARY` is PostgreSQL's `"C"` (byte order); `NOCASE` and `RTRIM` have no
    /// built-in equivalent. Any other name is the server's own.
    public static func collationName(of collation: SQLCollation) -> String? {
        switch collation {
        case .binary: "C"
        case .nocase, .rtrim: nil
        default: collation.name
        }
    }

    /// Nothing: PostgreSQL takes `OFFSET` without `LIMIT`.
    public static func renderNoLimit(into builder: inout SQLBuilder) {}

    /// `CAST(EXTRACT(YEAR FROM "at" AT TIME ZONE 'UTC') AS BIGINT)`; whole seconds are
    /// `FLOOR`ed, as `strftime('%S')` drops the fraction.
    public static func renderDateComponent(
        _ component: SQLDateComponent, into builder: inout SQLBuilder, of instant: (inout SQLBuilder) throws -> Void
    ) throws {
        func extract(_ builder: inout SQLBuilder) throws {
            try builder.function("EXTRACT") { builder in
                builder.keyword(fieldName(of: component))
                builder.keyword("FROM")
                try instant(&builder)
                builder.keyword("AT TIME ZONE 'UTC'")
            }
        }
        try builder.function("CAST") { builder in
            if component == .second {
                try builder.function("FLOOR") { try extract(&$0) }
            } else {
                try extract(&builder)
            }
            builder.keyword("AS BIGINT")
        }
    }

    static func fieldName(of component: SQLDateComponent) -> StaticString {
        switch component {
        case .year: "YEAR"
        case .month: "MONTH"
        case .day: "DAY"
        case .hour: "HOUR"
        case .minute: "MINUTE"
        case .second: "SECOND"
        case .weekday: "DOW"
        case .dayOfYear: "DOY"
        }
    }

    /// `CAST(n AS INTEGER)`: PostgreSQL shifts a `bigint` by an `integer` only.
    /// `CAST(avg(…) AS DOUBLE PRECISION)`: `avg` of integers is a `numeric`, which reads as an
    /// INTEGER when whole, and a whole average past 2^53 would not read as a `Double`.
    public static func renderAverage(into builder: inout SQLBuilder, _ call: (inout SQLBuilder) throws -> Void) throws {
        try builder.function("CAST") { builder in
            try call(&builder)
            builder.keyword("AS DOUBLE PRECISION")
        }
    }

    public static func renderShiftCount(into builder: inout SQLBuilder, _ count: (inout SQLBuilder) throws -> Void)
        throws
    {
        try builder.function("CAST") { builder in
            try count(&builder)
            builder.keyword("AS INTEGER")
        }
    }

    /// `CAST(x AS jsonb)`: JSON functions take `jsonb`, not text.
    public static func renderTextAsJSON(into builder: inout SQLBuilder, _ text: (inout SQLBuilder) throws -> Void)
        throws
    {
        try builder.function("CAST") { builder in
            try text(&builder)
            builder.keyword("AS jsonb")
        }
    }

    /// `json_agg` of no rows is NULL, where `json_group_array`'s is `[]`.
    public static var jsonArrayAggregateOfNoRowsIsNull: Bool { true }

    /// `'[]'::json`.
    public static func renderEmptyJSONArray(into builder: inout SQLBuilder) {
        builder.text("[]")
        builder.postfixCast("json")
    }

    /// `IS` takes only NULL, TRUE and FALSE in PostgreSQL: the null-safe comparison of two
    /// values is `IS NOT DISTINCT FROM` / `IS DISTINCT FROM`.
    public static func nullSafeEquality(negated: Bool) -> StaticString {
        negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM"
    }

    /// `TRUE` / `FALSE`.
    public static func renderBoolean(_ value: Bool, into builder: inout SQLBuilder) {
        builder.keyword(value ? "TRUE" : "FALSE")
    }

    /// `CASE WHEN c THEN t ELSE e END`: PostgreSQL has no `iif`.
    public static func renderConditional(
        into builder: inout SQLBuilder,
        condition: (inout SQLBuilder) throws -> Void,
        then: (inout SQLBuilder) throws -> Void,
        otherwise: (inout SQLBuilder) throws -> Void
    ) rethrows {
        builder.keyword("CASE WHEN")
        try condition(&builder)
        builder.keyword("THEN")
        try then(&builder)
        builder.keyword("ELSE")
        try otherwise(&builder)
        builder.keyword("END")
    }

    /// Numbers and text nest in `jsonb` as they are; `bytea` as hex digits
    /// (`encode(x, 'hex')`).
    public static func renderJSONForm(
        of storage: SQLStorage, into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void
    ) rethrows {
        guard storage == .blob else { return try expression(&builder) }
        try builder.function("encode") { builder in
            try builder.listItem(expression)
            builder.listItem { $0.text("hex") }
        }
    }

    /// A placeholder with a cast, binding the value's text (`$1::uuid` with `'0d6c…'`), or a
    /// literal: `'0d6c…'::uuid`, `'2024-01-02 03:04:05.000000+00'::timestamptz`,
    /// `'{"a":1}'::jsonb`, `TRUE`.
    public static func renderNative(_ value: SQLNativeValue, into builder: inout SQLBuilder) throws {
        if builder.mode == .inlineLiterals, case .boolean(let flag) = value {
            return builder.keyword(flag ? "TRUE" : "FALSE")
        }
        switch builder.mode {
        case .parameters: try builder.placeholder(.text(try text(of: value)))
        case .inlineLiterals: builder.text(try text(of: value))
        }
        builder.postfixCast(castName(of: value))
    }

    /// The text the value binds as, which the cast turns back into the native type.
    ///
    /// - Throws: `SQLEncodingError` for an instant before the first a `timestamptz` holds.
    static func text(of value: SQLNativeValue) throws -> String {
        switch value {
        case .uuid(let uuid): uuid.uuidString.lowercased()
        case .timestamp(let microseconds): try timestampText(checking: microseconds)
        case .jsonb(let json): json
        case .boolean(let value): value ? "true" : "false"
        case .numeric(let text): text
        }
    }

    /// The type name of the cast: `uuid`, `timestamptz`, `jsonb`, `boolean`, `numeric`.
    static func castName(of value: SQLNativeValue) -> StaticString {
        switch value {
        case .uuid: "uuid"
        case .timestamp: "timestamptz"
        case .jsonb: "jsonb"
        case .boolean: "boolean"
        case .numeric: "numeric"
        }
    }

    /// The first instant a `timestamptz` holds, 4714-11-24 00:00:00 BC, in microseconds
    /// since 1970 (PostgreSQL's `MIN_TIMESTAMP`). Its last, in the year 294276, is past
    /// any `Int64` of microseconds since 1970.
    static let firstTimestampMicroseconds: Int64 = -210_866_803_200_000_000

    /// `microseconds` as ``timestampText(_:)`` writes it, or an `SQLEncodingError` naming it
    /// when PostgreSQL would refuse it (a raw `22008` from the server otherwise). Codd's
    /// `Date` codecs stay within julian day 0 (4714-11-24 12:00 BC) and 9999-12-31 anyway.
    static func timestampText(checking microseconds: Int64) throws -> String {
        try checkTimestamp(microseconds)
        return timestampText(microseconds)
    }

    /// Throws for an instant before ``firstTimestampMicroseconds``.
    static func checkTimestamp(_ microseconds: Int64) throws {
        guard microseconds < firstTimestampMicroseconds else { return }
        throw SQLEncodingError(
            type: "timestamptz", valuePreview: "\(microseconds) microseconds since 1970",
            reason: "before 4714-11-24 00:00:00 BC, the first instant a PostgreSQL timestamptz holds")
    }

    /// `2024-01-02 03:04:05.678901+00`: microseconds since 1970 as UTC text. A year of 0 or
    /// before is written in PostgreSQL's era form, which has no year 0: the year before
    /// 0001 is `0001 … BC` (`0000-12-30` is `0001-12-30 00:00:00.000000+00 BC`, `-0001`
    /// is 2 BC). PostgreSQL refuses year 0000 (`22008`).
    static func timestampText(_ microseconds: Int64) -> String {
        let perDay: Int64 = 86_400_000_000
        var days = microseconds / perDay
        var rest = microseconds % perDay
        if rest < 0 {
            rest += perDay
            days -= 1
        }
        let date = SQLCivilDate(dayNumber: Int(days))
        let seconds = rest / 1_000_000
        let fraction = rest % 1_000_000
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let isBC = date.year <= 0
        let year = isBC ? 1 - Int64(date.year) : Int64(date.year)
        return "\(pad(year, 4))-\(pad(Int64(date.month), 2))-\(pad(Int64(date.day), 2)) "
            + "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(fraction, 6))+00"
            + (isBC ? " BC" : "")
    }
}
#endif
