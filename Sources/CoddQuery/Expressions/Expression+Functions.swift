import CoddCore

/// `coalesce(lhs, rhs)`: the first non-NULL value.
///
/// ```swift
/// ($0.position.max() ?? -1) + 1     // coalesce(max("position"), ?) + ?
/// ```
@_disfavoredOverload
public func ?? <Wrapped: SQLCustomType>(
    lhs: some SQLQueryExpression<Wrapped?>, rhs: some SQLQueryExpression<Wrapped>
) -> SQLFunctionCall<Wrapped> {
    SQLFunctionCall("coalesce", [.plain(lhs), .plain(rhs)])
}

/// `coalesce(lhs, ?)`.
@_disfavoredOverload
public func ?? <Wrapped: SQLCustomType>(
    lhs: some SQLQueryExpression<Wrapped?>, rhs: Wrapped.Represented
) -> SQLFunctionCall<Wrapped> {
    SQLFunctionCall("coalesce", [.plain(lhs), .plain(Wrapped(represented: rhs))])
}

/// `coalesce(lhs, rhs)` where both may be NULL.
@_disfavoredOverload
public func ?? <Wrapped: SQLCustomType>(
    lhs: some SQLQueryExpression<Wrapped?>, rhs: some SQLQueryExpression<Wrapped?>
) -> SQLFunctionCall<Wrapped?> {
    SQLFunctionCall("coalesce", [.plain(lhs), .plain(rhs)])
}

/// Date and time functions over any expression SQLite reads as a time value (text,
/// julian day or, with a modifier, unix time). The subject is wrapped by its
/// representation first.
///
/// ```swift
/// $0.createdAt.date()                       // date("createdAt")
/// $0.createdAt.strftime("%Y")               // strftime('%Y', "createdAt")
/// SQLDateTime.date()                        // date()  (today, UTC)
/// ```
extension SQLQueryExpression {
    /// `date(self, modifiers…)`: `YYYY-MM-DD`.
    public func date(_ modifiers: String...) -> SQLFunctionCall<String?> { timeFunction("date", modifiers) }
    /// `time(self, modifiers…)`: `HH:MM:SS`.
    public func time(_ modifiers: String...) -> SQLFunctionCall<String?> { timeFunction("time", modifiers) }
    /// `datetime(self, modifiers…)`: `YYYY-MM-DD HH:MM:SS`.
    public func datetime(_ modifiers: String...) -> SQLFunctionCall<String?> { timeFunction("datetime", modifiers) }
    /// `julianday(self, modifiers…)`: a REAL.
    public func julianday(_ modifiers: String...) -> SQLFunctionCall<Double?> { timeFunction("julianday", modifiers) }
    /// `unixepoch(self, modifiers…)`: whole seconds.
    public func unixepoch(_ modifiers: String...) -> SQLFunctionCall<Int?> { timeFunction("unixepoch", modifiers) }

    /// `strftime(format, self, modifiers…)`.
    public func strftime(_ format: String, _ modifiers: String...) -> SQLFunctionCall<String?> {
        SQLFunctionCall("strftime", [.plain(format), .wrapped(self)] + modifiers.map { .plain($0) })
    }

    private func timeFunction<T>(_ name: StaticString, _ modifiers: [String]) -> SQLFunctionCall<T> {
        SQLFunctionCall(name, [.wrapped(self)] + modifiers.map { .plain($0) })
    }
}

/// The current date and time, from SQLite's clock (UTC).
public enum SQLDateTime {
    /// `date()`: today, `YYYY-MM-DD`.
    public static func date() -> SQLFunctionCall<String> { SQLFunctionCall("date", []) }
    /// `time()`: now, `HH:MM:SS`.
    public static func time() -> SQLFunctionCall<String> { SQLFunctionCall("time", []) }
    /// `datetime()`: now, `YYYY-MM-DD HH:MM:SS`.
    public static func datetime() -> SQLFunctionCall<String> { SQLFunctionCall("datetime", []) }
    /// `julianday()`: now, as a julian day.
    public static func julianday() -> SQLFunctionCall<Double> { SQLFunctionCall("julianday", []) }
    /// `unixepoch()`: now, in whole seconds.
    public static func unixepoch() -> SQLFunctionCall<Int> { SQLFunctionCall("unixepoch", []) }
}
