extension FTS5Tokenizer {
    /// `porter`: English stemming ("running" and "runs" index as "run") over the tokens of
    /// another tokenizer.
    ///
    /// ```swift
    /// .porter()                                        // 'porter'  (over unicode61)
    /// .porter(wrapping: .ascii())                      // 'porter ascii'
    /// ```
    public static func porter(wrapping base: FTS5Tokenizer? = nil) -> FTS5Tokenizer {
        wrapper("porter", around: base)
    }

    /// A tokenizer that takes another as its arguments, as `porter` does: one registered by
    /// the application that transforms another's tokens (synonyms, ASCII folding).
    ///
    /// ```swift
    /// .wrapper("synonyms", around: .unicode61())      // 'synonyms unicode61'
    /// ```
    public static func wrapper(_ name: String, arguments: [String] = [], around base: FTS5Tokenizer?) -> FTS5Tokenizer {
        guard let base else { return FTS5Tokenizer(name: name, arguments: arguments, requirements: []) }
        return FTS5Tokenizer(
            name: name, arguments: arguments + [base.name] + base.arguments, requirements: base.requirements
        )
    }
}
