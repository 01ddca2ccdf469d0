/// A table, column or view name a statement declares unquoted in camel case (`createdAt`).
/// SQLite keeps its case; PostgreSQL folds it to lower case (`createdat`), so the quoted
/// name a `@Table` type and the query builder write (`"createdAt"`) would find no such
/// column there.
package struct PostgreSQLFoldedName: Sendable, Hashable {
    /// The name as written: `createdAt`.
    package var name: String
    /// Where it is written.
    package var location: SQLSourceLocation

    package init(name: String, location: SQLSourceLocation) {
        self.name = name
        self.location = location
    }

    /// What PostgreSQL makes of it: ASCII letters lowercased (`createdat`), as its
    /// `downcase_identifier` does in a multibyte encoding such as UTF-8.
    package var folded: String { SQLSchema.folded(name) }

    /// Whether PostgreSQL's folding of the unquoted `name` misses the name Swift spells it
    /// with: whether lower camel case, as `@Table` derives a table name from its type's
    /// (`Naming.lowerCamelCased`) and as Swift names properties, keeps an ASCII capital.
    /// It lowercases the leading run of capitals, so a name whose only capitals lead it
    /// folds to its Swift spelling and works: `Notes` (`struct Notes` is `notes`), `Title`
    /// (`var title`), `ID` (`var id`). A capital after them stays, and the folded name
    /// misses it: `createdAt`, `userID`, `RemindersLists` (`remindersLists`), and, after a
    /// run of several, the one that starts the next word, `URLItems` (`urlItems`).
    package static func missesSwiftName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        var leading = 0
        while leading < bytes.count, isCapital(bytes[leading]) { leading += 1 }
        if leading > 1, leading < bytes.count, bytes[leading] >= 0x61, bytes[leading] <= 0x7A { return true }
        return bytes[leading...].contains(where: isCapital)
    }
}
