import CoddCore

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
        /// `NEAR(…, n)` with a distance over 2,147,483,647, which FTS5 reads as another
        /// number (it matched nothing, silently).
        case distanceTooLarge(String)
    }

    /// The pattern.
    public let pattern: String
    /// What is wrong with it.
    public let reason: Reason

    /// The error, the pattern and the text at fault with their control characters written
    /// out (`\0` for a NUL, see ``pattern`` for the text as given).
    public var description: String {
        let pattern = SQLValuePreview.printable(pattern)
        return switch reason {
        case .syntaxError(let near):
            "fts5: syntax error near \"\(SQLValuePreview.printable(near))\" in pattern \(pattern)"
        case .unterminatedString: "fts5: unterminated string in pattern \(pattern)"
        case .noSuchColumn(let column):
            "fts5: no such column \(SQLValuePreview.printable(column)) in pattern \(pattern)"
        case .expectedInteger(let text):
            "fts5: expected integer, got \"\(SQLValuePreview.printable(text))\" in pattern \(pattern)"
        case .specialQuery: "fts5: a pattern cannot start with * (\(pattern))"
        case .distanceTooLarge(let text):
            "fts5: NEAR distance \(SQLValuePreview.printable(text)) is over 2147483647, which FTS5 reads as another number, in pattern \(pattern)"
        }
    }
}
