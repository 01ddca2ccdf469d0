/// How SQLite may use a function written in Swift.
///
/// ```swift
/// options: [.deterministic, .directOnly]
/// // sqlite3_create_function_v2(…, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, …)
/// ```
public struct SQLFunctionOptions: OptionSet, Hashable, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The same arguments always give the same result: SQLite may factor calls out of a
    /// loop, and the function may be used in indexes, CHECK constraints and generated columns.
    public static let deterministic = SQLFunctionOptions(rawValue: 1 << 0)
    /// Callable only from top-level SQL, never from a trigger, view, CHECK constraint or
    /// index: a schema written by someone else cannot make the function run.
    public static let directOnly = SQLFunctionOptions(rawValue: 1 << 1)
    /// Harmless whatever its arguments (no side effects, no information leak): usable in
    /// triggers and views even under `PRAGMA trusted_schema = OFF`.
    public static let innocuous = SQLFunctionOptions(rawValue: 1 << 2)
}

extension SQLFunctionOptions {
    /// The options `@DatabaseFunction(isDeterministic:isDirectOnly:)` asks for.
    public init(deterministic: Bool, directOnly: Bool) {
        self = []
        if deterministic { insert(.deterministic) }
        if directOnly { insert(.directOnly) }
    }
}
