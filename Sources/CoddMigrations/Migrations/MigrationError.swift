import Codd
import CoddSchema

/// Why a migration was not applied, naming it. The database is left as it was before it:
/// a migration runs in one transaction, rolled back on any error.
///
/// ```text
/// migration 2.sql was changed after it was applied (applied checksum 3f2a…, now 9bc1…); add a new migration instead,
/// or opt into eraseDatabaseOnSchemaChange during development
/// ```
public struct MigrationError: Error, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The migration's SQL differs from the SQL applied under its name.
        case changed(appliedChecksum: String, currentChecksum: String)
        /// The database records a migration the migrator does not have: it was migrated by
        /// a newer version of the app, or a migration was renamed or deleted.
        case unknown
        /// The migration was never applied, yet one registered after it was.
        case outOfOrder(appliedLater: String)
        /// Two migrations have the same name, or the same number (`1.sql` and `01.sql`, or
        /// `4.sql` and a Swift migration named `"4"`).
        case duplicateName
        /// A SQL migration opens or ends a transaction itself (`BEGIN`, `COMMIT`, …): the
        /// migrator runs each migration in its own.
        case transactionControl(SQLSourceLocation)
        /// A file of the migrations folder is not named `N.sql`.
        case badFileName(String)
        /// The numbered migrations skip a number: this file is missing, and no Swift
        /// migration took its number.
        case missingFile(String)
        /// A statement or the Swift closure failed; `location` is the failing statement's.
        case failed(any Error, location: SQLSourceLocation?)
        /// `PRAGMA foreign_key_check` found rows whose parent is missing, after the
        /// migration ran: `table` (rowid) references `parent`.
        case foreignKeyViolations([ForeignKeyViolation])
        /// The annotated SQL of a migration file did not parse or resolve.
        case annotatedSQL(AnnotatedSQLError)
        /// Run on PostgreSQL, a migration PostgreSQL cannot run: a statement only SQLite
        /// has (an FTS5 table, a trigger, a PRAGMA), a Swift migration (it takes SQLite's
        /// `Connection`), or `eraseDatabaseOnSchemaChange`.
        case notPortable(String, location: SQLSourceLocation?)
        /// Run on PostgreSQL, a table or column name a migration declares unquoted in camel
        /// case (`createdAt`; not `Notes` or `ID`, which fold to their Swift names): PostgreSQL
        /// folds it (`createdat`), and the quoted `"createdAt"` of `@Table` types and Codd's
        /// queries would not find it. Refused before the migration runs, unless
        /// `Migrator.refusesPostgreSQLFoldedNames` is off.
        case unquotedName(String, folded: String, location: SQLSourceLocation)
    }

    /// A row `PRAGMA foreign_key_check` reports.
    public struct ForeignKeyViolation: Sendable, Equatable, CustomStringConvertible {
        public var table: String
        public var rowid: Int?
        public var parent: String
        public var description: String {
            "\(table)\(rowid.map { " rowid \($0)" } ?? "") references a missing \(parent) row"
        }
    }

    /// The migration's name.
    public var migration: String
    public var reason: Reason

    package init(migration: String, reason: Reason) {
        self.migration = migration
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .changed(let applied, let current):
            "migration \(migration) was changed after it was applied (applied checksum \(applied.prefix(12))…, now \(current.prefix(12))…); add a new migration instead, or opt into eraseDatabaseOnSchemaChange during development"
        case .unknown:
            "the database has applied migration \(migration), which this migrator does not have (was it migrated by a newer version of the app, or was the migration renamed?)"
        case .outOfOrder(let later):
            "migration \(migration) was never applied, but \(later), registered after it, was: migrations must be added after the last applied one"
        case .duplicateName:
            "two migrations are named \(migration)"
        case .transactionControl(let location):
            "\(location): migration \(migration) controls a transaction itself; the migrator runs each migration in its own transaction, so remove BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE"
        case .badFileName(let file):
            "\(file): migration files are named N.sql (1.sql, 2.sql, …)"
        case .missingFile(let file):
            "\(file) is missing: migrations are numbered 1, 2, … with no number missing (a file N.sql, or a Swift migration registered as \"N\"), and \(migration) comes after it"
        case .failed(let error, let location):
            "\(location.map { "\($0): " } ?? "")migration \(migration) failed and was rolled back: \(error)"
        case .foreignKeyViolations(let violations):
            "migration \(migration) leaves rows that violate foreign keys, so it was rolled back: "
                + violations.prefix(10).map(\.description).joined(separator: "; ")
                + (violations.count > 10 ? "; and \(violations.count - 10) more" : "")
        case .annotatedSQL(let error):
            "migration \(migration): \(error)"
        case .notPortable(let reason, let location):
            "\(location.map { "\($0): " } ?? "")migration \(migration) cannot run on PostgreSQL: \(reason)"
        case .unquotedName(let name, let folded, let location):
            "\(location): migration \(migration) cannot run on PostgreSQL as written: PostgreSQL folds the unquoted name \(name) to \(folded), and @Table types and Codd's queries quote \"\(name)\", which would not find it; quote it in the migration: \"\(name)\""
        }
    }
}

extension MigrationError: SQLConstraintViolationReporting {
    /// The violation of the statement that failed (``Reason/failed(_:location:)``), so a
    /// `catch SQLConstraintViolation.unique` sees through the migration.
    public var constraintViolation: SQLConstraintViolation? {
        guard case .failed(let error, _) = reason else { return nil }
        return SQLConstraintViolation(error)
    }
}
