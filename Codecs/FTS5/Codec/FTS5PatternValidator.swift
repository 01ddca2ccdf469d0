/// Checks a raw pattern the way FTS5 parses it (`fts5_expr.c` and `fts5parse.y` as of
/// SQLite 3.40): its tokens, its grammar, its column filters and NEAR distances.
///
/// ```
/// expr     := term ((AND | OR | NOT) term)*
/// term     := colset ":" "(" expr ")" | "(" expr ")" | cnearset+
/// cnearset := [colset ":"] nearset
/// nearset  := ["^"] phrase | NEAR "(" phrase+ ["," digits] ")"
/// phrase   := string ["*"] ("+" string ["*"])*
/// colset   := ["-"] (string | "{" string+ "}")
/// ```
package enum FTS5PatternValidator {
    enum Token: Equatable {
        case string(String, quoted: Bool)
        case and, or, not
        case leftParen, rightParen, leftBrace, rightBrace, colon, comma, plus, star, minus, caret
        case end
    }

    package static func validate(_ pattern: String, columns: [String]?) throws {
        var parser = Parser(pattern: pattern, columns: columns?.map { $0.lowercased() })
        if pattern.utf8.first == UInt8(ascii: "*") { throw parser.error(.specialQuery) }
        try parser.advance()
        try parser.expression()
        guard parser.token == .end else { throw parser.syntaxError() }
    }

    struct Parser {
        let pattern: String
        let columns: [String]?
        let bytes: [UInt8]
        var position = 0
        var token = Token.end
        var tokenText = ""

        init(pattern: String, columns: [String]?) {
            self.pattern = pattern
            self.columns = columns
            // SQLite reads the pattern up to its first NUL.
            self.bytes = Array(pattern.utf8.prefix { $0 != 0 })
        }

        func error(_ reason: FTS5PatternError.Reason) -> FTS5PatternError {
            FTS5PatternError(pattern: pattern, reason: reason)
        }

        func syntaxError() -> FTS5PatternError {
            error(.syntaxError(near: tokenText))
        }

        static func isBareword(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == 0x1A
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }

        // MARK: Lexer (fts5ExprGetToken)

        mutating func advance() throws {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
            guard position < bytes.count else {
                token = .end
                tokenText = ""
                return
            }
            let start = position
            let byte = bytes[position]
            position += 1
            let single: [UInt8: Token] = [
                UInt8(ascii: "("): .leftParen, UInt8(ascii: ")"): .rightParen, UInt8(ascii: "{"): .leftBrace,
                UInt8(ascii: "}"): .rightBrace, UInt8(ascii: ":"): .colon, UInt8(ascii: ","): .comma,
                UInt8(ascii: "+"): .plus, UInt8(ascii: "*"): .star, UInt8(ascii: "-"): .minus,
                UInt8(ascii: "^"): .caret,
            ]
            if let punctuation = single[byte] {
                token = punctuation
                tokenText = String(decoding: [byte], as: UTF8.self)
            } else if byte == UInt8(ascii: "\"") {
                var text: [UInt8] = []
                while true {
                    guard position < bytes.count else { throw error(.unterminatedString) }
                    if bytes[position] == UInt8(ascii: "\"") {
                        if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
                            text.append(bytes[position])
                            position += 2
                            continue
                        }
                        position += 1
                        break
                    }
                    text.append(bytes[position])
                    position += 1
                }
                token = .string(String(decoding: text, as: UTF8.self), quoted: true)
                tokenText = String(decoding: bytes[start..<position], as: UTF8.self)
            } else if Self.isBareword(byte) {
                while position < bytes.count, Self.isBareword(bytes[position]) { position += 1 }
                let word = String(decoding: bytes[start..<position], as: UTF8.self)
                tokenText = word
                switch word {
                case "AND": token = .and
                case "OR": token = .or
                case "NOT": token = .not
                default: token = .string(word, quoted: false)
                }
            } else {
                // FTS5 names the first byte (`%.1s`) of the offending character.
                tokenText = String(decoding: bytes[start..<min(bytes.count, start + 1)], as: UTF8.self)
                throw syntaxError()
            }
        }

        // MARK: Grammar (fts5parse.y)

        mutating func expression() throws {
            try term()
            while [.and, .or, .not].contains(token) {
                try advance()
                try term()
            }
        }

        mutating func term() throws {
            if token == .leftParen {
                try advance()
                try expression()
                try expect(.rightParen)
                return
            }
            // One or more cnearsets; a colset followed by "(" is a filtered group instead.
            var count = 0
            while true {
                var filtered = false
                if isColsetStart, try colsetFollowedByColon() {
                    if token == .leftParen {
                        guard count == 0 else { throw syntaxError() }
                        try advance()
                        try expression()
                        try expect(.rightParen)
                        return
                    }
                    filtered = true
                }
                if token == .caret {
                    try advance()
                    try phrase()
                } else if case .string = token {
                    try nearset()
                } else {
                    if count == 0 || filtered { throw syntaxError() }
                    return
                }
                count += 1
            }
        }

        var isColsetStart: Bool {
            switch token {
            case .minus, .leftBrace: true
            case .string: true
            default: false
            }
        }

        /// Parses `colset :` when the tokens ahead are one; leaves a phrase in place
        /// otherwise. Returns whether a colset was read.
        mutating func colsetFollowedByColon() throws -> Bool {
            let saved = (position, token, tokenText)
            var names: [String] = []
            if token == .minus { try advance() }
            if token == .leftBrace {
                try advance()
                while case .string(let name, _) = token {
                    names.append(name)
                    try advance()
                }
                guard !names.isEmpty else { throw syntaxError() }
                try expect(.rightBrace)
            } else if case .string(let name, _) = token {
                names.append(name)
                try advance()
            } else {
                throw syntaxError()
            }
            guard token == .colon else {
                if saved.1 == .minus || saved.1 == .leftBrace { throw syntaxError() }
                (position, token, tokenText) = saved
                return false
            }
            if let columns {
                for name in names where !columns.contains(name.lowercased()) { throw error(.noSuchColumn(name)) }
            }
            try advance()
            return true
        }

        mutating func nearset() throws {
            if case .string("NEAR", quoted: false) = token {
                let saved = (position, token, tokenText)
                try advance()
                if token == .leftParen {
                    try advance()
                    try phrase()
                    while case .string = token { try phrase() }
                    if token == .comma {
                        try advance()
                        guard case .string = token else { throw syntaxError() }
                        let distance = tokenText
                        guard distance.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                            throw error(.expectedInteger(distance))
                        }
                        // FTS5 accumulates the digits in an `int`: past its largest value the
                        // distance wraps to another number, and the pattern matches nothing.
                        guard let value = Int(distance), value <= Int(Int32.max) else {
                            throw error(.distanceTooLarge(distance))
                        }
                        try advance()
                    }
                    try expect(.rightParen)
                    return
                }
                (position, token, tokenText) = saved
            }
            try phrase()
        }

        mutating func phrase() throws {
            guard case .string = token else { throw syntaxError() }
            try advance()
            if token == .star { try advance() }
            while token == .plus {
                try advance()
                guard case .string = token else { throw syntaxError() }
                try advance()
                if token == .star { try advance() }
            }
        }

        mutating func expect(_ expected: Token) throws {
            guard token == expected else { throw syntaxError() }
            try advance()
        }
    }
}
