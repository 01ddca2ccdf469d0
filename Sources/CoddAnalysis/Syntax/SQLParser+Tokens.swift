import CoddSchema

// Token access for the parser: every read is bounds-checked against the statement's end,
// keywords compare ASCII case-insensitively, and multi-byte operators (`<=`, `||`, `->>`)
// are adjacent one-byte punctuation tokens.

extension SQLParser {
    var currentStart: Int {
        position < end ? tokens[position].start : previousEnd
    }

    /// The end of the token before the current one.
    var previousEnd: Int {
        position > 0 && position - 1 < tokens.count ? tokens[position - 1].end : 0
    }

    mutating func advance() {
        position += 1
    }

    func text(_ index: Int) -> String {
        guard index < tokens.count else { return "" }
        return String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    func text(_ range: SourceRange) -> String {
        String(decoding: bytes[max(0, range.start)..<min(bytes.count, max(range.start, range.end))], as: UTF8.self)
    }

    /// What a diagnostic calls the token at `index`: `'FORM'`, or "the end of the statement".
    func describe(_ index: Int) -> String {
        guard index < end else { return "the end of the statement" }
        var shown = text(index)
        if shown.count > 40 { shown = String(shown.prefix(40)) + "…" }
        return "'\(shown)'"
    }

    func problem(_ message: String) -> LocatedProblem {
        LocatedProblem(offset: currentStart, message: message)
    }

    func isKeyword(_ keyword: StaticString, at index: Int? = nil) -> Bool {
        let index = index ?? position
        guard index < end, tokens[index].kind == .word else { return false }
        let token = tokens[index]
        guard token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let pointer = keyword.utf8Start
        for offset in 0..<keyword.utf8CodeUnitCount
        where Self.lowered(bytes[token.start + offset]) != Self.lowered(pointer[offset]) {
            return false
        }
        return true
    }

    /// `keyword` as a `String` (for lists of keywords).
    func isKeyword(_ keyword: String, at index: Int? = nil) -> Bool {
        let index = index ?? position
        guard index < end, tokens[index].kind == .word else { return false }
        let token = tokens[index]
        let utf8 = keyword.utf8
        guard token.end - token.start == utf8.count else { return false }
        var offset = token.start
        for byte in utf8 {
            if Self.lowered(bytes[offset]) != Self.lowered(byte) { return false }
            offset += 1
        }
        return true
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    mutating func consumeKeyword(_ keyword: StaticString) -> Bool {
        guard isKeyword(keyword) else { return false }
        position += 1
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(LocatedProblem) {
        guard consumeKeyword(keyword) else {
            throw problem("syntax error: expected \(keyword), found \(describe(position))")
        }
    }

    func isPunctuation(_ character: Unicode.Scalar, at index: Int? = nil) -> Bool {
        let index = index ?? position
        guard index < end else { return false }
        let token = tokens[index]
        return token.kind == .punctuation && token.end == token.start + 1
            && bytes[token.start] == UInt8(ascii: character)
    }

    mutating func consumePunctuation(_ character: Unicode.Scalar) -> Bool {
        guard isPunctuation(character) else { return false }
        position += 1
        return true
    }

    mutating func expectPunctuation(_ character: Unicode.Scalar) throws(LocatedProblem) {
        guard consumePunctuation(character) else {
            throw problem("syntax error: expected '\(character)', found \(describe(position))")
        }
    }

    /// The operator starting at the current token (one to three adjacent punctuation
    /// bytes), and how many tokens it spans.
    func peekOperator() -> (String, Int)? {
        guard position < end, tokens[position].kind == .punctuation else { return nil }
        let first = bytes[tokens[position].start]
        func adjacent(_ offset: Int) -> UInt8? {
            let index = position + offset
            guard index < end, tokens[index].kind == .punctuation, tokens[index].start == tokens[index - 1].end else {
                return nil
            }
            return bytes[tokens[index].start]
        }
        let second = adjacent(1)
        switch (first, second) {
        case (UInt8(ascii: "-"), UInt8(ascii: ">")):
            return adjacent(2) == UInt8(ascii: ">") ? ("->>", 3) : ("->", 2)
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): return ("||", 2)
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): return ("<=", 2)
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): return (">=", 2)
        case (UInt8(ascii: "<"), UInt8(ascii: ">")): return ("<>", 2)
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): return ("!=", 2)
        case (UInt8(ascii: "="), UInt8(ascii: "=")): return ("==", 2)
        case (UInt8(ascii: "<"), UInt8(ascii: "<")): return ("<<", 2)
        case (UInt8(ascii: ">"), UInt8(ascii: ">")): return (">>", 2)
        default:
            let single = String(UnicodeScalar(first))
            return "=<>+-*/%&|~".contains(single) ? (single, 1) : nil
        }
    }

    mutating func expectOperator(_ expected: String) throws(LocatedProblem) {
        guard let (found, count) = peekOperator(), found == expected else {
            throw problem("syntax error: expected '\(expected)', found \(describe(position))")
        }
        position += count
    }

    /// An identifier: a bare word that is not reserved here, or a quoted name.
    mutating func parseName(_ what: String) throws(LocatedProblem) -> Name {
        guard position < end else { throw problem("syntax error: expected \(what), found the end of the statement") }
        let token = tokens[position]
        switch token.kind {
        case .word where !Self.reserved.contains(text(position).uppercased()):
            position += 1
            return Name(text(position - 1), range: SourceRange(token.start, token.end))
        case .quotedIdentifier:
            position += 1
            return Name(unquoted(position - 1), range: SourceRange(token.start, token.end), isQuoted: true)
        default:
            throw problem("syntax error: expected \(what), found \(describe(position))")
        }
    }

    mutating func parseNameList(_ what: String) throws(LocatedProblem) -> [Name] {
        var names: [Name] = []
        repeat {
            names.append(try parseName(what))
        } while consumePunctuation(",")
        return names
    }

    /// A quoted token's text without its quotes: `"a""b"` is `a"b`, `[x]` is `x`.
    func unquoted(_ index: Int) -> String {
        index < tokens.count ? tokens[index].dequoted(in: bytes) : ""
    }

    /// Words that end an expression or a list rather than name something: a bare word
    /// among these is never read as an identifier or an implicit alias. (SQLite lets some
    /// of them name columns when quoted: `"order"`.)
    static let reserved: Set<String> = [
        "ALL", "AND", "AS", "ASC", "BETWEEN", "BY", "CASE", "CAST", "COLLATE", "CROSS", "CURRENT_DATE",
        "CURRENT_TIME", "CURRENT_TIMESTAMP", "DEFAULT", "DELETE", "DESC", "DISTINCT", "DO", "ELSE", "END", "ESCAPE",
        "EXCEPT", "EXISTS", "FILTER", "FROM", "FULL", "GLOB", "GROUP", "HAVING", "IN", "INDEXED", "INNER",
        "INSERT", "INTERSECT", "INTO", "IS", "ISNULL", "JOIN", "LEFT", "LIKE", "LIMIT", "MATCH", "NATURAL", "NOT",
        "NOTHING", "NOTNULL", "NULL", "OFFSET", "ON", "OR", "ORDER", "OUTER", "OVER", "REGEXP", "RETURNING",
        "RIGHT", "SELECT", "SET", "THEN", "UNION", "UPDATE", "USING", "VALUES", "WHEN", "WHERE", "WINDOW", "WITH",
    ]
}
