import CoddCore

/// A pattern binds as its FTS5 query text, so raw SQL passes it straight to `MATCH ?`
/// (`db.fetchAll(Note.self, "… WHERE notes MATCH ?", pattern)`), as SQL-first's generated
/// queries do: text a user typed reaches FTS5 escaped, never as query syntax.
extension FTS5Pattern: SQLBindable {
    public static var storage: SQLStorage { .text }

    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(rawValue)
    }
}
