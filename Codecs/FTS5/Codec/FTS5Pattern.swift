/// An FTS5 query built from text a user typed: always valid FTS5 syntax, whatever the
/// text holds (quotes, parentheses, `*`, `NEAR(`, `-`, `:`, any script).
///
/// Every word of the text becomes an FTS5 string (`"take"`), so the table's tokenizer
/// reads it and no character is syntax. Text with no words gives `nil`: search for nothing
/// rather than everything.
///
/// ```swift
/// FTS5Pattern(matchingAllTokensIn: "take out")      // "take" "out"
/// FTS5Pattern(matchingAnyTokenIn: "take out")       // "take" OR "out"
/// FTS5Pattern(matchingPhrase: "take out")           // "take out"
/// FTS5Pattern(matchingPrefixesIn: "ta ou")          // "ta"* "ou"*
/// FTS5Pattern.near(["trash", "bins"], within: 3)    // NEAR("trash" "bins", 3)
/// pattern.and(other), pattern.or(other), pattern.not(other)   // (…) AND (…)
/// pattern.inColumns(["title"])                      // {"title"} : (…)
/// ```
public struct FTS5Pattern: Sendable, Hashable, CustomStringConvertible {
    /// The FTS5 query text, bound as the right side of `MATCH`.
    public let rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A pattern in FTS5's own syntax, checked now: throws ``FTS5PatternError`` when FTS5
    /// would reject it. Column filters are checked against `columns` when given.
    public init(validating rawValue: String, columns: [String]? = nil) throws {
        try FTS5PatternValidator.validate(rawValue, columns: columns)
        self.init(rawValue: rawValue)
    }

    /// Rows that hold every word of `text`: `"take" "out"`.
    public init?(matchingAllTokensIn text: String) {
        guard let words = Self.words(in: text) else { return nil }
        self.init(rawValue: words.map(Self.string).joined(separator: " "))
    }

    /// Rows that hold any word of `text`: `"take" OR "out"`.
    public init?(matchingAnyTokenIn text: String) {
        guard let words = Self.words(in: text) else { return nil }
        self.init(rawValue: words.map(Self.string).joined(separator: " OR "))
    }

    /// Rows that hold the words of `text` in order, next to each other: `"take out"`.
    public init?(matchingPhrase text: String) {
        guard let words = Self.words(in: text) else { return nil }
        self.init(rawValue: Self.string(words.joined(separator: " ")))
    }

    /// Rows that hold a token starting with each word of `text`: `"ta"* "ou"*`.
    public init?(matchingPrefixesIn text: String) {
        guard let words = Self.words(in: text) else { return nil }
        self.init(rawValue: words.map { Self.string($0) + "*" }.joined(separator: " "))
    }

    /// Rows where the phrases stand within `distance` tokens of each other:
    /// `NEAR("trash" "bins", 3)`. `nil` when no phrase has a word. A distance is at least 0
    /// and at most 2,147,483,647 (FTS5 reads a larger one as another, negative number, which
    /// matches nothing): a larger one is that.
    public static func near(_ phrases: [String], within distance: Int = 10) -> FTS5Pattern? {
        let strings = phrases.compactMap { words(in: $0) }.map { string($0.joined(separator: " ")) }
        guard !strings.isEmpty else { return nil }
        let distance = min(max(0, distance), Int(Int32.max))
        return FTS5Pattern(rawValue: "NEAR(" + strings.joined(separator: " ") + ", \(distance))")
    }

    /// Rows matching both: `(a) AND (b)`.
    public func and(_ other: FTS5Pattern) -> FTS5Pattern { combined("AND", other) }

    /// Rows matching either: `(a) OR (b)`.
    public func or(_ other: FTS5Pattern) -> FTS5Pattern { combined("OR", other) }

    /// Rows matching this and not `other`: `(a) NOT (b)`.
    public func not(_ other: FTS5Pattern) -> FTS5Pattern { combined("NOT", other) }

    /// The pattern searched in `columns` only: `{"title" "notes"} : (…)`. Column names
    /// are FTS5 strings, so any name is safe; one that is not a column of the table makes
    /// SQLite fail with "no such column".
    public func inColumns(_ columns: [String]) -> FTS5Pattern {
        filtered(columns, excluding: false)
    }

    /// The pattern searched in every column but `columns`: `-{"tags"} : (…)`.
    public func notInColumns(_ columns: [String]) -> FTS5Pattern {
        filtered(columns, excluding: true)
    }

    /// Matches nothing (`""`, an empty phrase): what to search when the user typed nothing.
    public static let nothing = FTS5Pattern(rawValue: "\"\"")

    public var description: String { rawValue }

    // MARK: Rendering

    private func filtered(_ columns: [String], excluding: Bool) -> FTS5Pattern {
        guard !columns.isEmpty else { return self }
        let set = "{" + columns.map { Self.string(Self.cleaned($0)) }.joined(separator: " ") + "}"
        return FTS5Pattern(rawValue: (excluding ? "-" : "") + set + " : (" + rawValue + ")")
    }

    private func combined(_ op: String, _ other: FTS5Pattern) -> FTS5Pattern {
        FTS5Pattern(rawValue: "(" + rawValue + ") " + op + " (" + other.rawValue + ")")
    }

    /// The words of `text`, split at white space, without NUL (SQLite ends query text at
    /// NUL); `nil` when there are none.
    static func words(in text: String) -> [String]? {
        let words = cleaned(text).split(whereSeparator: \.isWhitespace).map(String.init)
        return words.isEmpty ? nil : words
    }

    /// `text` without NUL.
    static func cleaned(_ text: String) -> String {
        text.utf8.contains(0) ? String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)) : text
    }

    /// An FTS5 string: `"text"`, embedded `"` doubled. Everything inside is text for the
    /// tokenizer, never syntax.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { result += "\"\"" } else { result.unicodeScalars.append(scalar) }
        }
        return result + "\""
    }
}
