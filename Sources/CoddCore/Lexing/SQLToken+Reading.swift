// Reading tokens back from the UTF-8 text they were cut from: their text, a name without its
// quotes, and the argument lists of `(…)`, as the schema parser, the SQL-first analyzer and a
// virtual table's definition read them.

extension SQLToken {
    /// The token as written.
    package func text(in bytes: [UInt8]) -> String {
        String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// A name or string without its quotes (`"a""b"` is `a"b`, `[x]` is `x`, `'it''s'` is
    /// `it's`); any other token as written.
    package func dequoted(in bytes: [UInt8]) -> String {
        let raw = text(in: bytes)
        switch kind {
        case .quotedIdentifier, .string:
            guard let open = raw.first, raw.count >= 2 else { return raw }
            let inner = String(raw.dropFirst().dropLast())
            if open == "[" { return inner }
            return inner.replacing(String(open) + String(open), with: String(open))
        default:
            return raw
        }
    }

    /// Whether the token is the one-byte punctuation `character`.
    package func isPunctuation(_ character: Unicode.Scalar, in bytes: [UInt8]) -> Bool {
        kind == .punctuation && end == start + 1 && bytes[start] == UInt8(ascii: character)
    }
}

extension [SQLToken] {
    /// The index of the `)` closing the `(` at `open`, or `nil` when none does.
    package func closingParenthesis(of open: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        for index in open..<count {
            if self[index].isPunctuation("(", in: bytes) { depth += 1 }
            if self[index].isPunctuation(")", in: bytes) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The comma-separated parts of `range` at its outer level (`a, f(b, c)` is two).
    package func splitAtCommas(_ range: Range<Int>, in bytes: [UInt8]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            if self[index].isPunctuation("(", in: bytes) { depth += 1 }
            if self[index].isPunctuation(")", in: bytes) { depth -= 1 }
            if depth == 0, self[index].isPunctuation(",", in: bytes) {
                parts.append(start..<index)
                start = index + 1
            }
        }
        parts.append(start..<range.upperBound)
        return parts
    }
}
