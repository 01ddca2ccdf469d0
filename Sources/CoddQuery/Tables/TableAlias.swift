/// A second name for a table, to read it twice in one statement (a self-join).
///
/// ```swift
/// struct ManagerAlias: TableAlias {
///     typealias Table = Employee
/// }
/// Employee.leftJoin(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
/// // … LEFT JOIN "employees" AS "managers" ON "employees"."managerID" = "managers"."id"
/// ```
public protocol TableAlias {
    associatedtype Table: CoddQuery.Table
    /// The alias in SQL; by default the type's name in lower camel case without an
    /// `Alias` suffix, pluralized like table names (`ManagerAlias` → `"managers"`).
    static var aliasName: String { get }
}

extension TableAlias {
    public static var aliasName: String {
        var name = String(describing: Self.self)
        if name.hasSuffix("Alias"), name.count > 5 { name.removeLast(5) }
        return TableNaming.tableName(forTypeNamed: name)
    }
}

/// How a type's name becomes a table name: lower camel case, pluralized.
public enum TableNaming {
    /// `RemindersList` → `remindersLists`, `Category` → `categories`, `URLItem` → `urlItems`.
    public static func tableName(forTypeNamed name: String) -> String {
        pluralized(lowerCamelCased(name))
    }

    static func lowerCamelCased(_ name: String) -> String {
        let characters = Array(name)
        var leadingCapitals = 0
        while leadingCapitals < characters.count, characters[leadingCapitals].isUppercase { leadingCapitals += 1 }
        if leadingCapitals == 0 { return name }
        // "URLItem": lower "UR" and keep "L"? No: keep the capital that starts the next word.
        var lowered = leadingCapitals
        if leadingCapitals > 1, leadingCapitals < characters.count, characters[leadingCapitals].isLowercase {
            lowered -= 1
        }
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// The macro's rules (Sources/CoddMacros/Naming.swift), which cannot be imported
    /// from a compiler plugin; `NamingAgreementTests` keeps the two copies in step.
    static func pluralized(_ word: String) -> String {
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
}
