@_exported import CoddFTS5Query
import CoddSQLite

extension FTS5Statement {
    /// Runs the statement, after checking that the running SQLite has every feature it
    /// needs.
    ///
    /// - Throws: `SQLUnsupportedFeatureError` for an option the running SQLite lacks
    ///   (`contentless_delete` before 3.43, trigram `remove_diacritics` before 3.45), and
    ///   `SQLiteError` for what SQLite rejects.
    public func execute(_ db: Connection) throws {
        let sql = try sql()
        try checkSupported(by: db.sqliteVersion, sql: sql)
        try db.execute(sql)
    }

    /// Throws `SQLUnsupportedFeatureError` when SQLite `version` lacks a feature the
    /// statement needs.
    public func checkSupported(by version: SQLiteVersion, sql: String? = nil) throws {
        for requirement in requirements where !requirement.isMet(by: version) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: version, sql: sql)
        }
    }
}

extension Array where Element: FTS5Statement {
    /// Runs every statement, in order (the triggers of `FTS5.syncTriggers(from:temporary:values:)`).
    public func execute(_ db: Connection) throws {
        for statement in self { try statement.execute(db) }
    }
}
