import CoddCore
import CoddSchema

/// The tokens of one migration statement (already stripped of annotations), with the
/// helpers the schema scan needs. Never traps: reads past the end see nothing.
struct StatementTokens {
    let bytes: [UInt8]
    let tokens: [SQLToken]

    init?(_ sql: String) {
        bytes = Array(sql.utf8)
        guard let tokens = try? SQLLexer(bytes: bytes).tokenize() else { return nil }
        self.tokens = tokens
    }

    var count: Int { tokens.count }

    func isWord(_ index: Int, _ word: String) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word else { return false }
        return text(index).uppercased() == word
    }

    func isPunctuation(_ index: Int, _ character: Character) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .punctuation else { return false }
        return text(index) == String(character)
    }

    func text(_ index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        return tokens[index].text(in: bytes)
    }

    func text(from start: Int, to end: Int) -> String {
        guard start >= 0, start < end, end <= bytes.count else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A name without quotes, when the token is one.
    func name(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count else { return nil }
        switch tokens[index].kind {
        case .word, .quotedIdentifier, .string: return tokens[index].dequoted(in: bytes)
        default: return nil
        }
    }

    /// `name` or `schema.name` at `index`: the name and the index after it.
    func qualifiedName(at index: Int) -> (String, Int)? {
        guard let first = name(index) else { return nil }
        if isPunctuation(index + 1, "."), let second = name(index + 2) { return (second, index + 3) }
        return (first, index + 1)
    }

    /// The index of the `)` closing the `(` at `open`, or `count`.
    func matchingParenthesis(_ open: Int) -> Int {
        guard open >= 0, open < tokens.count else { return tokens.count }
        return tokens.closingParenthesis(of: open, in: bytes) ?? tokens.count
    }

    /// The comma-separated parts of `range` at depth 0.
    func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
        tokens.splitAtCommas(range.clamped(to: 0..<tokens.count), in: bytes).filter { !$0.isEmpty }
    }
}
