import SwiftSyntax

/// Reads string literals as the compiler would see them, without `SwiftParser`
/// (not a dependency of the plugin): escapes resolved, raw-string delimiters honored.
enum StringLiterals {
    /// The value of a literal without interpolations, or `nil` for anything else
    /// (an interpolated literal, a non-literal expression, a literal with syntax errors).
    static func value(of expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), !literal.hasError else { return nil }
        var result = String.UnicodeScalarView()
        for segment in literal.segments {
            guard case .stringSegment(let text) = segment else { return nil }
            result.append(contentsOf: scalars(of: text, in: literal))
        }
        return String(result)
    }

    /// The unescaped scalars of one text segment of `literal`.
    static func scalars(of segment: StringSegmentSyntax, in literal: StringLiteralExprSyntax) -> [Unicode.Scalar] {
        unescaped(
            segment.content.text,
            delimiterLength: literal.openingPounds?.text.count ?? 0,
            isMultiline: literal.openingQuote.tokenKind == .multilineStringQuote
        )
    }

    /// Resolves `\n`, `\t`, `\r`, `\0`, `\\`, `\"`, `\'`, `\u{…}` (written `\#n` and so on in
    /// a raw string with one `#`) and, in a multi-line literal, line continuations.
    static func unescaped(_ text: String, delimiterLength: Int, isMultiline: Bool) -> [Unicode.Scalar] {
        let input = Array(text.unicodeScalars)
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            guard scalar == "\\" else {
                // A multi-line literal normalizes CRLF line endings to LF.
                if scalar == "\r", isMultiline {
                    output.append("\n")
                    index += (index + 1 < input.count && input[index + 1] == "\n") ? 2 : 1
                } else {
                    output.append(scalar)
                    index += 1
                }
                continue
            }
            var cursor = index + 1
            var pounds = 0
            while pounds < delimiterLength, cursor < input.count, input[cursor] == "#" {
                pounds += 1
                cursor += 1
            }
            guard pounds == delimiterLength, cursor < input.count else {
                // Not an escape in a raw string: a literal backslash.
                output.append(scalar)
                index += 1
                continue
            }
            let escaped = input[cursor]
            cursor += 1
            switch escaped {
            case "n": output.append("\n")
            case "r": output.append("\r")
            case "t": output.append("\t")
            case "0": output.append("\0")
            case "\\", "\"", "'": output.append(escaped)
            case "u":
                var hex = ""
                if cursor < input.count, input[cursor] == "{" {
                    cursor += 1
                    while cursor < input.count, input[cursor] != "}" {
                        hex.unicodeScalars.append(input[cursor])
                        cursor += 1
                    }
                    cursor += 1
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    output.append(decoded)
                }
            case " ", "\t", "\n", "\r":
                // A line continuation: the escaped line break and the whitespace before it vanish.
                var skip = cursor - 1
                while skip < input.count, input[skip] == " " || input[skip] == "\t" { skip += 1 }
                if skip < input.count, input[skip] == "\r" { skip += 1 }
                if skip < input.count, input[skip] == "\n" { skip += 1 }
                cursor = skip
            default:
                // An invalid escape, which the compiler reports itself: keep it as written.
                output.append(scalar)
                output.append(escaped)
            }
            index = cursor
        }
        return output
    }
}
