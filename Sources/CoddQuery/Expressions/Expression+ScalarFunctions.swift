import CoddCore
import Foundation

/// SQLite's core scalar functions of one value, typed. Each takes its argument as stored
/// (never wrapped), but `nullif`, which compares as `==` does. Those PostgreSQL spells
/// otherwise render its spelling (``SQLDialectFunction``); those it lacks are an
/// ``SQLDialectError`` there.
extension SQLQueryExpression {
    /// `nullif(self, other)`: NULL when the two are equal, else `self`. Equal as `==` says,
    /// in the type's comparison form, the value returned in its stored form, as `min` and
    /// `max` return theirs: `strftime('%Y-%m-%d %H:%M:%f', nullif(julianday("at"), julianday(?)))`
    /// for a TEXT date, `nullif("amount" COLLATE "codd_decimal", ? COLLATE "codd_decimal")`.
    public func nullif(_ other: QueryValue.Represented) -> SQLFunctionCall<QueryValue.Optionalized> {
        SQLFunctionCall("nullif", [.picked(self), .picked(QueryValue(represented: other))])
    }

    /// `nullif(self, other)`.
    public func nullif(_ other: some SQLQueryExpression<QueryValue>) -> SQLFunctionCall<QueryValue.Optionalized> {
        SQLFunctionCall("nullif", [.picked(self), .picked(other)])
    }

    /// `typeof(self)`: the storage class of the value, `integer`, `real`, `text`, `blob`
    /// or `null`.
    public func typeof() -> SQLFunctionCall<String> {
        SQLFunctionCall(.typeof, [.plain(self)])
    }

    /// `quote(self)`: the value as an SQL literal (`'it''s'`, `X'00FF'`, `NULL`).
    public func quote() -> SQLFunctionCall<String> {
        SQLFunctionCall(.quote, [.plain(self)])
    }

    /// `hex(self)`: a BLOB's bytes, or the UTF-8 of the value's text form, as upper-case hex
    /// digits; `''` for NULL.
    public func hex() -> SQLFunctionCall<String> {
        SQLFunctionCall(.hex, [.plain(self)])
    }

    /// `likely(self)`: the value itself, with a hint to SQLite's planner that it is usually
    /// true.
    public func likely() -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(.likely, [.plain(self)])
    }

    /// `unlikely(self)`: the value itself, hinted usually false.
    public func unlikely() -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(.unlikely, [.plain(self)])
    }

    /// `likelihood(self, probability)`: the value itself, hinted true with `probability`
    /// (0.0 to 1.0, a literal as SQLite requires).
    public func likelihood(_ probability: Double) -> SQLLikelihood<QueryValue> {
        SQLLikelihood(operand: self, probability: probability)
    }

    /// `octet_length(self)` (SQLite 3.43): the bytes of the value's text form in UTF-8; NULL
    /// for NULL.
    public func octetLength() -> SQLFunctionCall<Int?> {
        SQLFunctionCall("octet_length", [.plain(self)], requirement: .octetLength)
    }
}

extension SQLQueryExpression where QueryValue.Optionalized == QueryValue? {
    /// `octet_length(self)` of a value that is never NULL.
    public func octetLength() -> SQLFunctionCall<Int> {
        SQLFunctionCall("octet_length", [.plain(self)], requirement: .octetLength)
    }
}

/// `likelihood(x, p)`: SQLite wants `p` as a literal, not a parameter.
public struct SQLLikelihood<QueryValue: SQLCustomType>: SQLQueryExpression {
    let operand: any SQLExpression
    let probability: Double

    public func render(into builder: inout SQLBuilder) throws {
        guard (0...1).contains(probability) else {
            throw SQLEncodingError(probability, reason: "likelihood's probability must be between 0.0 and 1.0")
        }
        try builder.function(.likelihood) { builder in
            try builder.listItem { try operand.render(into: &$0) }
            try builder.listItem { try $0.real(probability) }
        }
    }
}

extension SQLQueryExpression where QueryValue: SQLNumeric {
    /// `sign(self)`: -1, 0 or 1; NULL for NULL.
    public func sign() -> SQLFunctionCall<Int?> {
        SQLFunctionCall(.sign, [.plain(self)])
    }
}

extension SQLQueryExpression where QueryValue: SQLNumeric, QueryValue.Optionalized == QueryValue? {
    /// `sign(self)` of a number that is never NULL.
    public func sign() -> SQLFunctionCall<Int> {
        SQLFunctionCall(.sign, [.plain(self)])
    }
}

extension SQLQueryExpression where QueryValue: SQLComparable {
    /// The scalar `max(self, other, …)`: the largest stored value, NULL if any is NULL
    /// (PostgreSQL's `greatest`, which skips NULLs). Not the aggregate `max()`, which takes
    /// no argument. Compared in the type's order, as the aggregate is:
    /// `max("amount" COLLATE "codd_decimal", ? COLLATE "codd_decimal")`.
    public func max(_ other: QueryValue.Represented, _ more: QueryValue.Represented...) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(
            .scalarMax,
            [Self.ordered(self), Self.ordered(QueryValue(represented: other))]
                + more.map { Self.ordered(QueryValue(represented: $0)) })
    }

    /// The scalar `max(self, other)` of two expressions.
    public func max(_ other: some SQLQueryExpression<QueryValue>) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(.scalarMax, [Self.ordered(self), Self.ordered(other)])
    }

    /// The scalar `min(self, other, …)`: the smallest, NULL if any is NULL (`least`).
    public func min(_ other: QueryValue.Represented, _ more: QueryValue.Represented...) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(
            .scalarMin,
            [Self.ordered(self), Self.ordered(QueryValue(represented: other))]
                + more.map { Self.ordered(QueryValue(represented: $0)) })
    }

    /// The scalar `min(self, other)` of two expressions.
    public func min(_ other: some SQLQueryExpression<QueryValue>) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall(.scalarMin, [Self.ordered(self), Self.ordered(other)])
    }

    /// An argument of the scalar `max` or `min`, which return one of their arguments:
    /// compared in the type's order, as the aggregates do (a collation's form, or a wrap
    /// such as `julianday(…)` and the result turned back into a stored value:
    /// `strftime('%Y-%m-%d %H:%M:%f', max(julianday("dueAt"), julianday(?)))`).
    static func ordered(_ argument: some SQLExpression) -> SQLFunctionCall<QueryValue>.Argument {
        .picked(argument)
    }
}

extension SQLQueryExpression where QueryValue: SQLOptionalRepresentation {
    /// `ifnull(self, other)`: `self` unless it is NULL (PostgreSQL's `coalesce`); `??` is the
    /// same for two.
    public func ifnull(_ other: QueryValue.Wrapped.Represented) -> SQLFunctionCall<QueryValue.Wrapped> {
        SQLFunctionCall(.ifnull, [.plain(self), .plain(QueryValue.Wrapped(represented: other))])
    }

    /// `ifnull(self, other)` of two expressions.
    public func ifnull(_ other: some SQLQueryExpression<QueryValue.Wrapped>) -> SQLFunctionCall<QueryValue.Wrapped> {
        SQLFunctionCall(.ifnull, [.plain(self), .plain(other)])
    }
}

extension SQLQueryExpression where QueryValue: SQLText {
    /// `unicode(self)`: the code point of the first character; NULL for `''` or NULL.
    public func unicode() -> SQLFunctionCall<Int?> {
        SQLFunctionCall(.unicode, [.plain(self)])
    }

    /// `unhex(self)` (SQLite 3.41): the bytes the hex digits spell; NULL when the text is
    /// not hex digits.
    public func unhex() -> SQLFunctionCall<Data?> {
        SQLFunctionCall(.unhex, [.plain(self)], requirement: .unhex)
    }

    /// `unhex(self, ignoring)`: the hex digits with the characters of `ignoring` skipped
    /// between pairs.
    public func unhex(ignoring characters: String) -> SQLFunctionCall<Data?> {
        SQLFunctionCall(.unhex, [.plain(self), .plain(characters)], requirement: .unhex)
    }

    /// `json_array_length(self)`: the number of elements of the JSON array the text holds;
    /// 0 for another JSON value, NULL for NULL; malformed JSON is an error when the statement
    /// runs.
    public func jsonArrayLength() -> SQLJSONArrayLength<Int?> {
        SQLJSONArrayLength(operand: self, path: nil)
    }

    /// `json_array_length(self, path)`: of the array at `path` (`'$.tags'`); NULL where the
    /// path finds nothing.
    public func jsonArrayLength(atPath path: String) -> SQLJSONArrayLength<Int?> {
        SQLJSONArrayLength(operand: self, path: path)
    }
}

/// `json_array_length(x[, path])`; `jsonb_array_length(CAST(x AS jsonb))` on PostgreSQL, which
/// takes no path.
public struct SQLJSONArrayLength<QueryValue: SQLCustomType>: SQLQueryExpression {
    let operand: any SQLExpression
    let path: String?

    /// The length of the array `operand` holds (at `path`), for a module that adds it to
    /// its own JSON representations.
    package init(operand: any SQLExpression, path: String?) {
        self.operand = operand
        self.path = path
    }

    public func render(into builder: inout SQLBuilder) throws {
        let spelling = builder.dialect.spelling
        if path != nil, builder.dialect.hasNativeTypes {
            throw SQLDialectError(feature: "json_array_length with a path", dialect: builder.dialect)
        }
        try builder.function(.jsonArrayLength) { builder in
            try builder.listItem { builder in
                try spelling.renderTextAsJSON(into: &builder) { try operand.render(into: &$0) }
            }
            if let path { try builder.listItem { try $0.value(path) } }
        }
    }
}

extension SQLQueryExpression where QueryValue: SQLText, QueryValue.Optionalized == QueryValue? {
    /// `json_array_length(self)` of text that is never NULL.
    public func jsonArrayLength() -> SQLJSONArrayLength<Int> {
        SQLJSONArrayLength(operand: self, path: nil)
    }
}

/// Functions of no column, and of several values: `SQLFunctions.random()`,
/// `SQLFunctions.printf("%d items", $0.count)`.
public enum SQLFunctions {
    /// `changes()`: the rows the connection's last INSERT, UPDATE or DELETE wrote.
    public static func changes() -> SQLFunctionCall<Int> { SQLFunctionCall(.changes, []) }
    /// `total_changes()`: the rows the connection wrote since it opened.
    public static func totalChanges() -> SQLFunctionCall<Int> { SQLFunctionCall(.totalChanges, []) }
    /// `last_insert_rowid()`: the rowid of the connection's last inserted row (0 for none).
    public static func lastInsertRowID() -> SQLFunctionCall<Int> { SQLFunctionCall(.lastInsertRowID, []) }
    /// `random()`: a pseudo-random 64-bit integer (not for cryptography).
    public static func random() -> SQLFunctionCall<Int> { SQLFunctionCall(.random, []) }
    /// `randomblob(count)`: `count` pseudo-random bytes.
    public static func randomBlob(_ count: Int) -> SQLFunctionCall<Data> {
        SQLFunctionCall(.randomblob, [.plain(count)])
    }
    /// `zeroblob(count)`: `count` zero bytes.
    public static func zeroBlob(_ count: Int) -> SQLFunctionCall<Data> { SQLFunctionCall(.zeroblob, [.plain(count)]) }
    /// `sqlite_version()`: `3.40.1`.
    public static func sqliteVersion() -> SQLFunctionCall<String> { SQLFunctionCall(.sqliteVersion, []) }
    /// `sqlite_source_id()`: the check-in and date of SQLite's source.
    public static func sqliteSourceID() -> SQLFunctionCall<String> { SQLFunctionCall(.sqliteSourceID, []) }
    /// `sqlite_compileoption_used(name)`: whether SQLite was built with the option
    /// (`"ENABLE_FTS5"`, the `SQLITE_` prefix optional).
    public static func compileOptionUsed(_ name: String) -> SQLFunctionCall<Bool> {
        SQLFunctionCall(.compileOptionUsed, [.plain(name)])
    }
    /// `sqlite_compileoption_get(index)`: the option at `index`, NULL past the last.
    public static func compileOption(at index: Int) -> SQLFunctionCall<String?> {
        SQLFunctionCall(.compileOptionGet, [.plain(index)])
    }

    /// `char(code, …)`: the text of those Unicode code points.
    public static func char(_ codes: Int...) -> SQLFunctionCall<String> {
        SQLFunctionCall(.char, codes.map { .plain($0) })
    }

    /// `char(code, …)` of integer expressions; NULL codes are skipped.
    @_disfavoredOverload
    public static func char(_ codes: any SQLExpression<Int>...) -> SQLFunctionCall<String> {
        SQLFunctionCall(.char, codes.map { .plain($0) })
    }

    /// `printf(format, arguments…)` (SQLite's `format`): the arguments formatted as C's
    /// printf does, with SQLite's additions (`%q`, `%Q`, `%w`). The format binds as a value.
    public static func printf(_ format: String, _ arguments: any SQLExpression...) -> SQLFunctionCall<String> {
        SQLFunctionCall(.printf, [.plain(format)] + arguments.map { .plain($0) })
    }

    /// `concat(a, b, …)` (SQLite 3.44): the text forms joined; NULLs are skipped.
    public static func concat(_ first: any SQLExpression, _ rest: any SQLExpression...) -> SQLFunctionCall<String> {
        SQLFunctionCall("concat", ([first] + rest).map { .plain($0) }, requirement: .concat)
    }

    /// `concat_ws(separator, a, b, …)` (SQLite 3.44): joined by `separator`; NULLs are skipped.
    public static func concat(separator: String, _ first: any SQLExpression, _ rest: any SQLExpression...)
        -> SQLFunctionCall<String>
    {
        SQLFunctionCall("concat_ws", [.plain(separator)] + ([first] + rest).map { .plain($0) }, requirement: .concat)
    }

    /// `iif(condition, then, otherwise)` (`CASE WHEN … END` on PostgreSQL).
    public static func iif<R: SQLCustomType>(
        _ condition: some SQLExpression<Bool>, then result: some SQLExpression<R>, else otherwise: some SQLExpression<R>
    ) -> SQLConditional<R> {
        SQLConditional(condition: condition, then: result, otherwise: otherwise)
    }
}

/// `iif(condition, a, b)`, as the dialect writes a conditional.
public struct SQLConditional<QueryValue: SQLCustomType>: SQLQueryExpression {
    let condition: any SQLExpression
    let then: any SQLExpression
    let otherwise: any SQLExpression

    public func render(into builder: inout SQLBuilder) throws {
        try builder.conditional(
            { try condition.render(into: &$0) }, then: { try then.render(into: &$0) },
            otherwise: { try otherwise.render(into: &$0) }
        )
    }
}

extension SQLFeatureRequirement {
    /// `octet_length(x)`.
    static let octetLength = SQLFeatureRequirement("octet_length()", sqlite: 3, 43)
    /// `unhex(x)`.
    static let unhex = SQLFeatureRequirement("unhex()", sqlite: 3, 41)
    /// `concat(…)` and `concat_ws(…)`.
    static let concat = SQLFeatureRequirement("concat() and concat_ws()", sqlite: 3, 44)
}
