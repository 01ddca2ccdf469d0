import CoddNaming

/// Names the macros write into source; the naming rules themselves (table names) are
/// `CoddNaming`'s, shared with the runtime.
extension Naming {
    /// `value` as a Swift string literal that evaluates to `value`: quotes, backslashes
    /// and control characters are escaped, so any table or column name stays valid source.
    static func swiftStringLiteral(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
