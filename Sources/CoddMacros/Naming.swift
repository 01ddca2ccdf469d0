/// Names the macros derive: default table names, and names as written in Swift or SQL.
enum Naming {
    /// The default table name of a type: lower camel case, pluralized
    /// (`RemindersList` → `remindersLists`, `Category` → `categories`).
    static func tableName(forTypeNamed typeName: String) -> String {
        pluralized(lowerCamelCased(unbackticked(typeName)))
    }

    /// Lowercases the leading run of capitals; when a lowercase letter follows a run of
    /// several, its last capital starts the next word (`URLItem` → `urlItem`, `ID` → `id`).
    static func lowerCamelCased(_ name: String) -> String {
        let characters = Array(name)
        var runLength = 0
        while runLength < characters.count, characters[runLength].isUppercase {
            runLength += 1
        }
        guard runLength > 0 else { return name }
        var lowered = runLength
        if runLength > 1, runLength < characters.count, characters[runLength].isLowercase {
            lowered -= 1
        }
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// English plural of the last word: `-y` after a consonant → `-ies`; `-ss`, `-us`, `-is`,
    /// `-as`, `-x`, `-z`, `-ch`, `-sh` → `-es`; another final `-s` is taken as a plural already
    /// (`Settings`, `Notes`); otherwise `-s`. Irregular nouns need an explicit `@Table("…")`.
    static func pluralized(_ word: String) -> String {
        // Suffixes are lowercase, so an acronym stays readable: `reminderURL` → `reminderURLs`.
        if word.hasSuffix("y"), let beforeY = word.dropLast().last, !"aeiouAEIOU".contains(beforeY) {
            return String(word.dropLast()) + "ies"
        }
        let lower = word.lowercased()
        let esSuffixes = ["ss", "us", "is", "x", "z", "ch", "sh"]
        if esSuffixes.contains(where: lower.hasSuffix) || (lower.hasSuffix("as") && !lower.hasSuffix("eas")) {
            return word + "es"
        }
        if word.hasSuffix("s") { return word }
        return word + "s"
    }

    /// An identifier without its backticks: `` `default` `` → `default`.
    static func unbackticked(_ identifier: String) -> String {
        if identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") {
            return String(identifier.dropFirst().dropLast())
        }
        return identifier
    }

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
