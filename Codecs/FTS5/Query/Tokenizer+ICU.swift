extension FTS5Tokenizer {
    /// Codd's ICU word-break tokenizer (registered on the connection by
    /// `registerICUTokenizer()` from `CoddFTS5SQLite`): words by ICU's dictionaries and
    /// rules, so Chinese, Japanese and Thai text, which has no spaces, splits into words.
    /// Case is folded.
    ///
    /// ```swift
    /// .icu()                                          // 'icu'
    /// .icu(locale: "ja_JP", removeDiacritics: true)   // 'icu ja_JP remove_diacritics 1'
    /// ```
    ///
    /// - Parameters:
    ///   - locale: the ICU locale whose rules break words (`th`, `ja_JP`); ICU's root
    ///     rules when `nil`.
    ///   - removeDiacritics: removes nonspacing marks ("résumé" indexes as "resume").
    ///   - name: the name the tokenizer was registered under.
    public static func icu(locale: String? = nil, removeDiacritics: Bool = false, name: String = "icu") -> FTS5Tokenizer
    {
        var arguments: [String] = []
        if let locale { arguments.append(locale) }
        if removeDiacritics { arguments += ["remove_diacritics", "1"] }
        return FTS5Tokenizer(name: name, arguments: arguments, requirements: [])
    }
}
