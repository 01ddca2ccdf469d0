import CoddCore

/// A `CREATE VIRTUAL TABLE … USING module(…)` statement read as SQLite reads it: the module's
/// name and the arguments SQLite hands the module, split at their top-level commas, each a
/// list of tokens (whitespace and comments dropped).
///
/// ```swift
/// let definition = VirtualTableDefinition(sql: "CREATE VIRTUAL TABLE t USING fts5(title, tokenize = 'trigram')")
/// // definition?.module == "fts5"
/// // definition?.arguments.map { $0.map(\.value) } == [["title"], ["tokenize", "=", "trigram"]]
/// ```
///
/// What a module makes of its arguments (which are columns, which options, which spellings
/// mean the same) is the module's grammar: a ``VirtualTable`` type reads it.
public struct VirtualTableDefinition: Sendable, Equatable {
    /// One token of an argument.
    public struct Token: Sendable, Equatable {
        /// As written: `'porter unicode61'`, `"path"`, `=`.
        public var text: String
        /// Without its quotes, a doubled quote read as one (`porter unicode61`, `path`); as
        /// written for a token that is not quoted.
        public var value: String
        /// Whether the token is a string or a quoted name.
        public var isQuoted: Bool

        public init(text: String, value: String, isQuoted: Bool) {
            self.text = text
            self.value = value
            self.isQuoted = isQuoted
        }

        /// Whether the token is the bare word `word`, ignoring ASCII case (`UNINDEXED`).
        public func isWord(_ word: String) -> Bool {
            !isQuoted && text.lowercased() == word.lowercased()
        }

        /// Whether the token is the punctuation `character` (`=`).
        public func isPunctuation(_ character: Character) -> Bool {
            !isQuoted && text == String(character)
        }
    }

    /// The module, as written and without quotes (`fts5`, `FTS5`).
    public var module: String
    /// The arguments in order; empty for `USING module` with no list. An empty argument
    /// (`fts5(a, , b)`) is an empty list.
    public var arguments: [[Token]]

    public init(module: String, arguments: [[Token]]) {
        self.module = module
        self.arguments = arguments
    }

    /// Reads `sql`; `nil` when it is not one `CREATE VIRTUAL TABLE … USING module` statement
    /// SQLite could have stored: SQL that does not tokenize (an unclosed quote or comment, a
    /// NUL byte), no `USING` and module, or an argument list that does not close.
    public init?(sql: String) {
        let bytes = Array(sql.utf8)
        guard let tokens = try? SQLLexer(bytes: bytes).tokenize(),
            tokens.count >= 2,
            tokens[0].kind == .word, tokens[0].text(in: bytes).uppercased() == "CREATE",
            let using = tokens.firstIndex(where: { $0.kind == .word && $0.text(in: bytes).uppercased() == "USING" }),
            using + 1 < tokens.count, [.word, .quotedIdentifier, .string].contains(tokens[using + 1].kind)
        else { return nil }
        module = tokens[using + 1].dequoted(in: bytes)
        arguments = []
        var end = using + 2
        if end < tokens.count, tokens[end].isPunctuation("(", in: bytes) {
            guard let close = tokens.closingParenthesis(of: end, in: bytes) else { return nil }
            arguments = tokens.splitAtCommas(end + 1..<close, in: bytes).map { range in
                tokens[range].map { token in
                    Token(
                        text: token.text(in: bytes), value: token.dequoted(in: bytes),
                        isQuoted: token.kind == .string || token.kind == .quotedIdentifier)
                }
            }
            // `fts5()`: no arguments, not one empty one.
            if arguments == [[]] { arguments = [] }
            end = close + 1
        }
        // Nothing but a `;` may follow.
        guard tokens[end...].allSatisfy({ $0.isPunctuation(";", in: bytes) }) else { return nil }
    }
}
