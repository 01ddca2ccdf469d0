extension FTS5Tokenizer {
    /// How `unicode61` and `trigram` treat diacritics (`remove_diacritics`).
    public enum Diacritics: Int, Sendable, Hashable {
        /// `remove_diacritics 0`: "résumé" and "resume" are different tokens.
        case keep = 0
        /// `remove_diacritics 1` (unicode61's default): removed, except from characters
        /// with more than one.
        case removeLegacy = 1
        /// `remove_diacritics 2`: removed from every Latin character.
        case remove = 2
    }

    /// `unicode61`: splits on Unicode separators and punctuation, folds case.
    ///
    /// ```swift
    /// .unicode61()                                          // 'unicode61'
    /// .unicode61(removeDiacritics: .remove, tokenCharacters: ["-", "_"])
    /// // 'unicode61 remove_diacritics 2 tokenchars ''-_'''
    /// .unicode61(categories: ["L*", "N*", "Co"])          // 'unicode61 categories ''L* N* Co'''
    /// ```
    ///
    /// - Parameters:
    ///   - removeDiacritics: `remove_diacritics`; unicode61's default when `nil`.
    ///   - categories: the Unicode general categories whose characters are token
    ///     characters (`L*`, `N*`, `Co`, …), in the order given.
    ///   - tokenCharacters: `tokenchars`, characters that are part of tokens.
    ///   - separators: `separators`, characters that separate tokens.
    public static func unicode61(
        removeDiacritics: Diacritics? = nil,
        categories: [String] = [],
        tokenCharacters: Set<Character> = [],
        separators: Set<Character> = []
    ) -> FTS5Tokenizer {
        var arguments: [String] = []
        if let removeDiacritics { arguments += ["remove_diacritics", String(removeDiacritics.rawValue)] }
        if !categories.isEmpty { arguments += ["categories", categories.joined(separator: " ")] }
        arguments += characterArguments(tokenCharacters: tokenCharacters, separators: separators)
        return FTS5Tokenizer(name: "unicode61", arguments: arguments, requirements: [])
    }

    /// `tokenchars …` and `separators …`, each set in a stable order.
    static func characterArguments(tokenCharacters: Set<Character>, separators: Set<Character>) -> [String] {
        var arguments: [String] = []
        if !tokenCharacters.isEmpty { arguments += ["tokenchars", FTS5CharacterSet.argument(tokenCharacters)] }
        if !separators.isEmpty { arguments += ["separators", FTS5CharacterSet.argument(separators)] }
        return arguments
    }
}
