/// The keyword a misspelled word most likely meant (`FORM` → FROM, `WHER` → WHERE), for
/// the "did you mean" of a syntax error. Only close matches count: a word that is a few
/// edits from every keyword gets no suggestion rather than a guess.
enum KeywordSuggestion {
    /// The clause keywords a statement is built from, and the word operators of a
    /// condition: what a word the parser stops at was most often meant to be.
    static let commonKeywords = [
        "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "OFFSET", "UNION", "EXCEPT",
        "INTERSECT", "JOIN", "ON", "USING", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE", "RETURNING",
        "MATCH", "LIKE", "BETWEEN",
    ]

    /// The keywords a statement starts with.
    static let statementKeywords = ["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE", "WITH"]

    /// The keyword of `candidates` nearest to `word`, spelled as written in SQL (`GROUP BY`
    /// for GROUP), or nil when none is close or `word` is an SQL keyword itself (WHEN is not
    /// a misspelled WHERE). With `sameLengthWithin`, only keywords whose length differs from
    /// the word's by at most that.
    static func keyword(
        nearest word: String, among candidates: [String] = commonKeywords, sameLengthWithin: Int? = nil
    ) -> String? {
        let upper = word.uppercased()
        guard upper.count >= 2, upper.utf8.allSatisfy(isLetter), !candidates.contains(upper),
            !SQLParser.reserved.contains(upper)
        else { return nil }
        var best: (keyword: String, distance: Int)?
        for keyword in candidates {
            if let within = sameLengthWithin, abs(keyword.count - upper.count) > within { continue }
            let distance = EditDistance.between(upper, keyword, comparingFirst: 32)
            guard distance <= allowedDistance(upper, keyword), distance < (best?.distance ?? .max) else { continue }
            best = (keyword, distance)
        }
        return best.map { spelled($0.keyword) }
    }

    /// `GROUP` and `ORDER` are never written alone.
    static func spelled(_ keyword: String) -> String {
        keyword == "GROUP" || keyword == "ORDER" ? keyword + " BY" : keyword
    }

    /// Two edits for a long keyword, one for a four-letter one (`FORM`, a swap, is one);
    /// a keyword of three letters or fewer only with the same length (`SRT` → SET, `NO`
    /// → ON), since one inserted or dropped letter reaches too many short words.
    private static func allowedDistance(_ word: String, _ keyword: String) -> Int {
        switch keyword.count {
        case 5...: 2
        case 4: 1
        default: word.count == keyword.count ? 1 : 0
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
