import CoddSQLite

/// Registering an FTS5 tokenizer failed.
public struct FTS5TokenizerError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The connection's SQLite has no FTS5 (`SELECT fts5(?)` failed).
        case fts5Unavailable(String)
        /// FTS5 refused the tokenizer (`xCreateTokenizer` returned this code).
        case registrationFailed(code: Int32)
        /// A wrapper's base tokenizer is not registered on the connection.
        case noSuchTokenizer(String)
        /// ICU is not available, or does not know the locale.
        case icuUnavailable(String)
    }

    /// The tokenizer's name.
    public let name: String
    public let reason: Reason

    public var description: String {
        switch reason {
        case .fts5Unavailable(let message): "cannot register FTS5 tokenizer \(name): FTS5 is unavailable (\(message))"
        case .registrationFailed(let code): "cannot register FTS5 tokenizer \(name): xCreateTokenizer returned \(code)"
        case .noSuchTokenizer(let base): "FTS5 tokenizer \(name) wraps \(base), which is not registered"
        case .icuUnavailable(let detail): "FTS5 tokenizer \(name): \(detail)"
        }
    }
}
