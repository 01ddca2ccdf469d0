/// Splits SQL into tokens the way SQLite's tokenizer does, so that a word inside a string
/// literal (`'done AS UUID'`), a comment (`-- TEXT AS UUID`) or a quoted identifier
/// (`"AS"`) is never read as a keyword.
///
/// Stricter than SQLite where SQLite is silently lenient: an unterminated `/* …` comment
/// (SQLite ends it at the end of the text) and a NUL byte (SQLite stops reading there)
/// are errors, since both hide the rest of a migration.
package struct SQLLexer {
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why the text cannot be tokenized, and the byte where the offending token starts.
    package struct Failure: Error {
        package enum Reason: Sendable, Equatable {
            /// A `'…` string literal never closes.
            case unterminatedString
            /// A quoted identifier (double quotes, brackets or backquotes) never closes.
            case unterminatedIdentifier
            /// A `/* …` comment never closes.
            case unterminatedComment
            /// A NUL byte: SQLite would stop reading the SQL there.
            case nulByte
        }

        package var reason: Reason
        package var offset: Int
    }

    package func tokenize() throws(Failure) -> [SQLToken] {
        var tokens: [SQLToken] = []
        tokens.reserveCapacity(bytes.count / 4)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let start = index
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                index += 1
            case 0x00:
                throw Failure(reason: .nulByte, offset: index)
            case UInt8(ascii: "-") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < count && bytes[index] != 0x0A {
                    if bytes[index] == 0 { throw Failure(reason: .nulByte, offset: index) }
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while true {
                    guard index + 1 < count else { throw Failure(reason: .unterminatedComment, offset: start) }
                    if bytes[index] == 0 { throw Failure(reason: .nulByte, offset: index) }
                    if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    index += 1
                }
            case UInt8(ascii: "'"):
                index = try endOfQuoted(from: index, closing: byte, doubling: true, unterminated: .unterminatedString)
                tokens.append(SQLToken(kind: .string, start: start, end: index))
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                index = try endOfQuoted(
                    from: index, closing: byte, doubling: true, unterminated: .unterminatedIdentifier)
                tokens.append(SQLToken(kind: .quotedIdentifier, start: start, end: index))
            case UInt8(ascii: "["):
                index = try endOfQuoted(
                    from: index, closing: UInt8(ascii: "]"), doubling: false, unterminated: .unterminatedIdentifier)
                tokens.append(SQLToken(kind: .quotedIdentifier, start: start, end: index))
            case _ where byte | 0x20 == UInt8(ascii: "x") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "'"):
                index = try endOfQuoted(
                    from: index + 1, closing: UInt8(ascii: "'"), doubling: false, unterminated: .unterminatedString)
                tokens.append(SQLToken(kind: .blob, start: start, end: index))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = endOfNumber(from: index)
                tokens.append(SQLToken(kind: .number, start: start, end: index))
            case UInt8(ascii: ".") where index + 1 < count && Self.isDigit(bytes[index + 1]):
                index = endOfNumber(from: index)
                tokens.append(SQLToken(kind: .number, start: start, end: index))
            case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                index += 1
                while index < count && Self.isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(
                    SQLToken(
                        kind: index - start > 1 || byte == UInt8(ascii: "?") ? .parameter : .punctuation, start: start,
                        end: index))
            default:
                if Self.isIdentifierStart(byte) {
                    index += 1
                    while index < count && Self.isIdentifierByte(bytes[index]) { index += 1 }
                    tokens.append(SQLToken(kind: .word, start: start, end: index))
                } else {
                    index += 1
                    tokens.append(SQLToken(kind: .punctuation, start: start, end: index))
                }
            }
        }
        return tokens
    }

    /// The index after the closing quote of the literal that opens at `start`.
    private func endOfQuoted(
        from start: Int, closing: UInt8, doubling: Bool, unterminated: Failure.Reason
    ) throws(Failure) -> Int {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 { throw Failure(reason: .nulByte, offset: index) }
            if byte == closing {
                if doubling && index + 1 < bytes.count && bytes[index + 1] == closing {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        throw Failure(reason: unterminated, offset: start)
    }

    /// Digits, a fraction, an exponent with its sign, hex digits, `_` separators.
    private func endOfNumber(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                index += 1
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")),
                index > start, bytes[index - 1] | 0x20 == UInt8(ascii: "e"),
                !(bytes[start] == UInt8(ascii: "0") && index > start + 1
                    && bytes[start + 1] | 0x20 == UInt8(ascii: "x"))
            {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }
}
