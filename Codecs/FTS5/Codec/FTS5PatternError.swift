/// A raw FTS5 pattern FTS5 would reject, found before it reaches SQLite.
public struct FTS5PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// A token where the grammar allows none (`AND` at the start, `(a) b`, `a.b`).
        case syntaxError(near: String)
        /// A `"` with no closing quote.
        case unterminatedString
        /// A column filter that names no column of the table.
        case noSuchColumn(String)
        /// `NEAR(…, n)` with a distance that is not an integer.
        case expectedInteger(String)
        /// A pattern that starts with `*` (FTS5's special queries).
        case specialQuery
    }

    /// The pattern.
    public let pattern: String
    /// What is wrong with it.
    public let reason: Reason

    public var description: String {
        switch reason {
        case .syntaxError(let near): "fts5: syntax error near \"\(near)\" in pattern \(pattern)"
        case .unterminatedString: "fts5: unterminated string in pattern \(pattern)"
        case .noSuchColumn(let column): "fts5: no such column \(column) in pattern \(pattern)"
        case .expectedInteger(let text): "fts5: expected integer, got \"\(text)\" in pattern \(pattern)"
        case .specialQuery: "fts5: a pattern cannot start with * (\(pattern))"
        }
    }
}
