import CoddFTS5Query
import CoddSQLite
import GRDB

extension FTS5Statement {
    /// Runs the FTS5 statement (`ReminderText.createTable()`, a command such as `rebuild`)
    /// on a GRDB connection, after checking that the running SQLite has every feature it
    /// needs. FTS5 statements bind no values: GRDB executes the SQL as its own.
    ///
    /// - Throws: `SQLUnsupportedFeatureError` for an option the running SQLite lacks, and
    ///   GRDB's `DatabaseError` for what SQLite rejects.
    public func execute(_ db: GRDB.Database) throws {
        let sql = try sql()
        for requirement in requirements where !requirement.isMet(by: .runtime) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: .runtime, sql: sql)
        }
        try db.execute(sql: sql)
    }
}
