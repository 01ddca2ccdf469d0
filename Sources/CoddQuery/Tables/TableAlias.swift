import CoddNaming

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

/// How a type's name becomes a table name: lower camel case, pluralized. The `@Table`
/// macro applies the same rules (one source, `CoddNaming`).
public enum TableNaming {
    /// `RemindersList` → `remindersLists`, `Category` → `categories`, `URLItem` → `urlItems`.
    public static func tableName(forTypeNamed name: String) -> String {
        Naming.tableName(forTypeNamed: name)
    }
}
