/// Short, printable previews of values for error messages (at most 64 characters).
package enum SQLValuePreview {
    /// The longest preview, in characters.
    package static let maximumLength = 64

    /// `text` cut to ``maximumLength`` characters, the last one an ellipsis when cut.
    package static func truncated(_ text: String) -> String {
        guard text.count > maximumLength else { return text }
        return String(text.prefix(maximumLength - 1)) + "…"
    }

    /// A TEXT value as a quoted literal; invalid UTF-8 is shown with replacement characters.
    package static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        let prefix = bytes.prefix(maximumLength * 4)
        var text = String(decoding: prefix, as: UTF8.self)
        text = text.replacing("'", with: "''").replacing("\0", with: "\\0")
        let quoted = "'" + text + "'"
        return quoted.count > maximumLength || prefix.count < bytes.count
            ? String(quoted.prefix(maximumLength - 2)) + "…'"
            : quoted
    }

    /// `text` with its control characters written out, for an error's description: NUL as
    /// `\0`, a tab, line feed or carriage return as `\t`, `\n`, `\r`, any other as `\u{1B}`.
    /// Printed raw, a NUL ends the text in a C-string log and a line feed breaks the line.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\0": result += "\\0"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// `sql` for an error's description: a long statement (a bulk insert's thousands of `?`, a
    /// JSON aggregate's forms) as its first 400 and last 200 characters around how many were
    /// left out. The error keeps the whole SQL in its `sql` property.
    package static func statement(_ sql: String) -> String {
        let head = 400
        let tail = 200
        guard sql.count > head + tail + 40 else { return sql }
        return "\(sql.prefix(head)) … (\(sql.count - head - tail) characters) … \(sql.suffix(tail))"
    }

    /// A result column for an error: `column "title"` for a name (letters, digits and `_`),
    /// otherwise `result column` and the text SQLite named it after, as written (quoting it
    /// would double its quotes) and cut at 64 characters: `result column max("price"
    /// COLLATE "codd_decimal")`, `result column $[1].name` (a JSON value).
    package static func resultColumn(_ name: String) -> String {
        let isName = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return isName ? "column \(SQLBuilder.quoted(name))" : "result column \(truncated(name))"
    }

    /// A BLOB value as a hexadecimal literal (`X'00FF'`).
    package static func blob(_ bytes: UnsafeRawBufferPointer) -> String {
        let shown = min(bytes.count, (maximumLength - 4) / 2)
        var text = "X'"
        for byte in bytes.prefix(shown) { text += SQLHex.byte(byte) }
        text += shown < bytes.count ? "…'" : "'"
        return text
    }
}

/// Uppercase hexadecimal digits, as SQLite writes blob literals.
enum SQLHex {
    static let digits: [Character] = Array("0123456789ABCDEF")

    static func byte(_ byte: UInt8) -> String {
        String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
