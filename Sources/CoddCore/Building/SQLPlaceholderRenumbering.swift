/// Shifts the `$n` placeholders of rendered SQL by an offset, for a fragment appended to
/// a builder that already holds values (PostgreSQL numbers placeholders per statement).
///
/// Skips what is not a placeholder: string literals (`'$1'`), quoted identifiers
/// (`"$1"`), and comments (`-- $1`, `/* $1 */`).
enum SQLPlaceholderRenumbering {
    static func renumbered(_ sql: [UInt8], offset: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(sql.count + 8)
        var index = 0
        let quote = UInt8(ascii: "'"), doubleQuote = UInt8(ascii: "\""), dollar = UInt8(ascii: "$")
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while index < sql.count {
            let byte = sql[index]
            if byte == quote || byte == doubleQuote {
                // Copy through the closing quote; a doubled quote stays inside.
                result.append(byte)
                index += 1
                while index < sql.count {
                    result.append(sql[index])
                    if sql[index] == byte {
                        if index + 1 < sql.count && sql[index + 1] == byte {
                            result.append(byte)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
            } else if byte == UInt8(ascii: "-") && index + 1 < sql.count && sql[index + 1] == UInt8(ascii: "-") {
                while index < sql.count && sql[index] != UInt8(ascii: "\n") {
                    result.append(sql[index])
                    index += 1
                }
            } else if byte == UInt8(ascii: "/") && index + 1 < sql.count && sql[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < sql.count && !(sql[index] == UInt8(ascii: "*") && sql[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(sql.count, index + 2)
                result += sql[start..<index]
            } else if byte == dollar && index + 1 < sql.count && isDigit(sql[index + 1])
                && (index == 0 || !isIdentifierByte(sql[index - 1]))
            {
                var number = 0
                index += 1
                while index < sql.count && isDigit(sql[index]) {
                    number = number * 10 + Int(sql[index] - UInt8(ascii: "0"))
                    index += 1
                }
                result.append(dollar)
                result += Array(String(number + offset).utf8)
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
