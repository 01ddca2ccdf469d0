import CoddCore
extension FTS5Tokenizer {
    /// `trigram`: indexes every sequence of three characters, for substring search
    /// (`LIKE '%…%'` and `GLOB` use the index too).
    ///
    /// ```swift
    /// .trigram()                                    // 'trigram'
    /// .trigram(caseSensitive: true)                 // 'trigram case_sensitive 1'
    /// .trigram(removeDiacritics: true)              // 'trigram remove_diacritics 1' (SQLite 3.45)
    /// ```
    ///
    /// - Parameters:
    ///   - caseSensitive: `case_sensitive`; case-insensitive when `nil`.
    ///   - removeDiacritics: `remove_diacritics`, which needs SQLite 3.45; creating the
    ///     table on an older SQLite throws `SQLUnsupportedFeatureError`.
    public static func trigram(caseSensitive: Bool? = nil, removeDiacritics: Bool? = nil) -> FTS5Tokenizer {
        var arguments: [String] = []
        var requirements: [SQLFeatureRequirement] = []
        if let caseSensitive { arguments += ["case_sensitive", caseSensitive ? "1" : "0"] }
        if let removeDiacritics {
            arguments += ["remove_diacritics", removeDiacritics ? "1" : "0"]
            requirements.append(.trigramRemoveDiacritics)
        }
        return FTS5Tokenizer(name: "trigram", arguments: arguments, requirements: requirements)
    }
}
