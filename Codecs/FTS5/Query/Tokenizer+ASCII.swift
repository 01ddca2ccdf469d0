extension FTS5Tokenizer {
    /// `ascii`: splits on ASCII non-alphanumerics, folds ASCII case only.
    ///
    /// ```swift
    /// .ascii(tokenCharacters: ["."])        // 'ascii tokenchars ''.'''
    /// ```
    public static func ascii(tokenCharacters: Set<Character> = [], separators: Set<Character> = []) -> FTS5Tokenizer {
        FTS5Tokenizer(
            name: "ascii",
            arguments: characterArguments(tokenCharacters: tokenCharacters, separators: separators),
            requirements: []
        )
    }
}
