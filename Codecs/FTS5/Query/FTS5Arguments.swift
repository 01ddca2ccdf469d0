import CoddCore

/// How FTS5 reads the words of an option value (`tokenize = '…'`): barewords, or strings
/// in single quotes with embedded quotes doubled (FTS5 rejects double quotes there). Codd renders an argument bare
/// when FTS5
/// would read it back unchanged, and quoted otherwise.
enum FTS5Arguments {
    /// Whether FTS5 reads `scalar` as part of a bareword: ASCII letters, digits, `_`,
    /// `\u{1A}` and everything outside ASCII (`sqlite3Fts5IsBareword`).
    static func isBareword(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 || scalar == "_" || scalar.value == 0x1A { return true }
        return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
    }

    /// `word` as FTS5 reads it back: bare (`remove_diacritics`) or `'quoted'`, quotes doubled.
    static func word(_ word: String) -> String {
        if !word.isEmpty, word.unicodeScalars.allSatisfy(isBareword) { return word }
        return quoted(word)
    }

    /// `'text'`, embedded `'` doubled.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { result += "''" } else { result.unicodeScalars.append(scalar) }
        }
        return result + "'"
    }

    /// Throws when `text` holds NUL, which no SQL text literal can carry into a DDL statement.
    static func requireNoNUL(_ text: String, in option: String) throws {
        if text.utf8.contains(0) {
            throw SQLEncodingError(type: "FTS5", valuePreview: option, reason: "an FTS5 option cannot hold NUL")
        }
    }
}
