/// A table or column name written unquoted with an upper-case letter (`createdAt`), where a
/// statement declares or names one. SQLite keeps its case; PostgreSQL folds it to lower case
/// (`createdat`), so the quoted name a `@Table` type and the query builder write
/// (`"createdAt"`) would find no such column there.
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
    package var folded: String { Self.folded(name) }

    package static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
