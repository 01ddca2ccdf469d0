import CoddNaming
/// Swift names for SQL names: properties in lower camel case, types in upper camel case,
/// Swift's keywords refused or escaped, arrays named in the plural.
package enum SwiftNaming {
    /// Swift's keywords: the words that cannot name a declaration without backticks.
    /// (Contextual keywords, `open`, `some`, `any`, `package`, name declarations freely.)
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Whether `name` is an identifier Swift takes as written: ASCII letters, digits and
    /// `_`, not starting with a digit, not a keyword.
    package static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return name.utf8.allSatisfy(isIdentifierByte) && !keywords.contains(name)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The words of `name`: runs of ASCII letters and digits (anything else separates).
    private static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, isIdentifierByte(UInt8(scalar.value)), scalar != "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A property name for a column or alias: kept as written when Swift takes it
    /// (`completedOn`, `user_id`), a Swift keyword in backticks (`` `default` ``), and
    /// otherwise its words in lower camel case (`due at` → `dueAt`). `nil` when it has no
    /// ASCII letter or digit (`🙂`): the caller asks for an alias.
    package static func propertyName(_ name: String) -> String? {
        if isPlainIdentifier(name) { return name }
        if keywords.contains(name) { return "`\(name)`" }
        let parts = words(name)
        guard !parts.isEmpty else { return nil }
        var result = parts[0].prefix(1).lowercased() + parts[0].dropFirst()
        for part in parts.dropFirst() { result += part.prefix(1).uppercased() + part.dropFirst() }
        if let first = result.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            result = "_" + result
        }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// A type name: the words in upper camel case (`todo` → `Todo`, `user_posts` →
    /// `UserPosts`, `searchIndex` → `SearchIndex`). `nil` without a letter or digit.
    package static func typeName(_ name: String) -> String? {
        let parts = words(name)
        guard !parts.isEmpty else { return nil }
        var result = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = result.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            result = "_" + result
        }
        return keywords.contains(result) ? result + "_" : result
    }

    /// `name` without backticks.
    package static func bare(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// The plural of a name for an array parameter (`id` → `ids`, `category` →
    /// `categories`, `status` → `statuses`), by the rules table names follow (`CoddNaming`).
    package static func plural(_ name: String) -> String {
        let result = Naming.pluralized(bare(name))
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// `name` with its first letter uppercased (`selectTodos` → `SelectTodos`).
    package static func capitalized(_ name: String) -> String {
        let bare = bare(name)
        return bare.prefix(1).uppercased() + bare.dropFirst()
    }
}
