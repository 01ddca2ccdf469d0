import CoddCore

/// The tokenizer of an FTS5 table: a name and arguments, rendered as the `tokenize` option.
///
/// ```swift
/// FTS5Tokenizer.trigram()                                  // tokenize = 'trigram'
/// FTS5Tokenizer.porter(wrapping: .unicode61(removeDiacritics: .remove))
/// // tokenize = 'porter unicode61 remove_diacritics 2'
/// FTS5Tokenizer.custom("icu", arguments: ["th_TH"])        // tokenize = 'icu th_TH'
/// ```
///
/// Arguments render bare when FTS5 reads them back unchanged, and in single quotes
/// otherwise (`tokenchars '-_'`); the whole value is then an SQL string, so every `'`
/// doubles again: the token characters `'-` render `tokenize = 'unicode61 tokenchars ''''''-'''`.
public struct FTS5Tokenizer: Sendable, Hashable, CustomStringConvertible {
    /// The tokenizer's name (`unicode61`, `porter`, or one registered by the application).
    public let name: String
    /// The arguments after the name, as the tokenizer receives them.
    public let arguments: [String]
    /// Options that need a newer SQLite (trigram `remove_diacritics`).
    public let requirements: [SQLFeatureRequirement]

    /// A tokenizer by name: a built-in one, or one registered on the connection.
    public static func custom(_ name: String, arguments: [String] = []) -> FTS5Tokenizer {
        FTS5Tokenizer(name: name, arguments: arguments, requirements: [])
    }

    init(name: String, arguments: [String], requirements: [SQLFeatureRequirement]) {
        self.name = name
        self.arguments = arguments
        self.requirements = requirements
    }

    /// The words FTS5 reads: the name then the arguments, each bare or quoted
    /// (`unicode61 tokenchars '-_'`).
    public var description: String {
        ([name] + arguments).map(FTS5Arguments.word).joined(separator: " ")
    }

    /// Renders `tokenize = '…'`.
    func render(into builder: inout SQLBuilder) throws {
        try FTS5Arguments.requireNoNUL(description, in: "tokenize")
        builder.keyword("tokenize =")
        builder.text(description)
    }
}

/// A set of characters as one tokenizer argument, in a stable order (by Unicode scalar), so
/// the same set always renders the same DDL.
enum FTS5CharacterSet {
    static func argument(_ characters: Set<Character>) -> String {
        String(String.UnicodeScalarView(Set(characters.flatMap(\.unicodeScalars)).sorted { $0.value < $1.value }))
    }
}
