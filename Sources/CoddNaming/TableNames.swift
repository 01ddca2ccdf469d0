/// The naming rules Codd applies at compile time and at run time, in the one module both
/// compile: the `@Table` macro names a table with them, `TableAlias` names an alias, and
/// the SQL-first generator names an array parameter. Standard library only, so a compiler
/// plugin links it cheaply.
package enum Naming {
    /// The default table name of a type: lower camel case, pluralized
    /// (`RemindersList` → `remindersLists`, `Category` → `categories`, `URLItem` →
    /// `urlItems`); backticks, as in `` `Default` ``, are not part of the name.
    package static func tableName(forTypeNamed typeName: String) -> String {
        pluralized(lowerCamelCased(unbackticked(typeName)))
    }

    /// Lowercases the leading run of capitals; when a lowercase letter follows a run of
    /// several, its last capital starts the next word (`URLItem` → `urlItem`, `ID` → `id`).
    package static func lowerCamelCased(_ name: String) -> String {
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
    /// (`Settings`, `Notes`); otherwise `-s`. Irregular nouns need an explicit name
    /// (`@Table("people")`).
    package static func pluralized(_ word: String) -> String {
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
    package static func unbackticked(_ identifier: String) -> String {
        if identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") {
            return String(identifier.dropFirst().dropLast())
        }
        return identifier
    }
}
