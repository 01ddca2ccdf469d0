@_exported import CoddFTS5
import CoddSQLite

extension FTS5Statement {
    /// Runs the statement, after checking that the running SQLite has every feature it
    /// needs.
    ///
    /// - Throws: ``FTS5UnsupportedFeatureError`` for an option the running SQLite lacks
    ///   (`contentless_delete` before 3.43, trigram `remove_diacritics` before 3.45), and
    ///   `SQLiteError` for what SQLite rejects.
    public func execute(_ db: Connection) throws {
        try checkSupported(by: db.sqliteVersion)
        try db.execute(sql())
    }

    /// Throws ``FTS5UnsupportedFeatureError`` when SQLite `version` lacks a feature the
    /// statement needs.
    public func checkSupported(by version: SQLiteVersion) throws {
        for requirement in requirements
        where !requirement.isMet(byMajor: version.major, minor: version.minor, patch: version.patch) {
            throw FTS5UnsupportedFeatureError(requirement: requirement, runningVersion: version.description)
        }
    }
}

extension Array where Element: FTS5Statement {
    /// Runs every statement, in order (the triggers of ``FTS5/syncTriggers(from:temporary:values:)``).
    public func execute(_ db: Connection) throws {
        for statement in self { try statement.execute(db) }
    }
}
