#if PostgreSQL
import CoddMigrations
import CoddPostgres
import CoddSchema

extension Migrator {
    /// Applies the migrations a PostgreSQL database has not applied yet, and returns their
    /// names: the same migrations (`Migrations/N.sql`) a SQLite database runs, each once,
    /// each in its own transaction, recorded in `codd_migrations`.
    ///
    /// ```swift
    /// let database = try await PGDatabase.connect(configuration)
    /// try await migrator.migrate(database)
    /// ```
    ///
    /// Each statement runs in its PostgreSQL form (`AnnotatedStatement.postgreSQL()`):
    /// `TEXT AS UUID` is a `uuid` column, a `Date` a `timestamptz`, a JSON document a
    /// `jsonb`, `INTEGER PRIMARY KEY` an identity. A transaction-level advisory lock
    /// serializes migrators, so two servers starting at once apply each migration once.
    ///
    /// - Throws: `MigrationError`: `.notPortable` for a migration PostgreSQL cannot run
    ///   (an FTS5 table, a trigger, a PRAGMA, a Swift migration, or
    ///   `eraseDatabaseOnSchemaChange`), before anything runs; `.unquotedName` for a table
    ///   or column a migration not applied yet declares unquoted in camel case (`createdAt`,
    ///   which PostgreSQL folds to `createdat`), before anything runs, unless
    ///   ``Migrator/refusesPostgreSQLFoldedNames`` is off; the same errors as on SQLite for
    ///   changed, unknown and out-of-order migrations; `.failed` naming the statement's
    ///   location when the server refuses it (the migration is rolled back).
    @discardableResult
    public func migrate(_ database: PGDatabase) async throws -> [String] {
        try checkSequence()
        let plans = try postgreSQLPlans()
        try await checkFoldedNames(plans, database)
        // Under the lock: PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a
        // concurrent one (both may miss the table, and the second fails on the catalog's
        // unique index, error 23505).
        try await database.write { db in
            try await PostgreSQLMigrationRecords.lock(db)
            try await PostgreSQLMigrationRecords.create(db)
        }
        // Nothing to do (the usual launch): one read, no write transaction.
        let records = try await database.read { db in try await PostgreSQLMigrationRecords.all(db) }
        try check(applied: records, before: migrations.count)
        if records.count == migrations.count { return [] }

        var applied: [String] = []
        for (position, plan) in plans.enumerated() {
            let didApply = try await database.write { db -> Bool in
                try await PostgreSQLMigrationRecords.lock(db)
                // Re-read under the lock: another migrator may have applied it.
                let records = try await PostgreSQLMigrationRecords.all(db)
                try check(applied: records, before: position)
                if records.contains(where: { $0.name == plan.name }) { return false }
                for statement in plan.statements {
                    do {
                        try await db.execute(statement.sql)
                    } catch {
                        throw MigrationError(migration: plan.name, reason: .failed(error, location: statement.location))
                    }
                }
                try await PostgreSQLMigrationRecords.insert(
                    name: plan.name, checksum: plan.checksum, position: position, db)
                return true
            }
            if didApply { applied.append(plan.name) }
        }
        return applied
    }

    /// Throws for the first name PostgreSQL would fold (`createdAt` to `createdat`) that a
    /// migration not applied yet declares, unless ``Migrator/refusesPostgreSQLFoldedNames``
    /// is off. SQLite keeps an unquoted name's case, so such a migration works there, and
    /// on PostgreSQL it would succeed and leave columns that the quoted names of `@Table`
    /// types miss, failing at the first query instead. Quoting such a name
    /// in the PostgreSQL form instead would not do: the migration's other statements (a
    /// `CHECK`, a seed `INSERT`) and the app's own SQL name it unquoted too, and would then
    /// miss it. A migration applied already (by a Codd that did not check) is left alone: it
    /// cannot change, and the database has its folded names.
    private func checkFoldedNames(_ plans: [PostgreSQLMigrationPlan], _ database: PGDatabase) async throws {
        guard refusesPostgreSQLFoldedNames else { return }
        let folded = plans.compactMap { plan in plan.foldedNames.first.map { (migration: plan.name, name: $0) } }
        guard !folded.isEmpty else { return }
        let applied = try await database.read { db in try await PostgreSQLMigrationRecords.appliedNames(db) }
        guard let first = folded.first(where: { !applied.contains($0.migration) }) else { return }
        throw MigrationError(
            migration: first.migration,
            reason: .unquotedName(first.name.name, folded: first.name.folded, location: first.name.location))
    }

    /// Every migration's statements in their PostgreSQL form, or the first that has none.
    private func postgreSQLPlans() throws -> [PostgreSQLMigrationPlan] {
        if eraseDatabaseOnSchemaChange {
            throw MigrationError(
                migration: migrations.first?.name ?? "",
                reason: .notPortable("eraseDatabaseOnSchemaChange erases SQLite databases only", location: nil)
            )
        }
        return try migrations.map { migration in
            guard let sql = migration.sql else {
                throw MigrationError(
                    migration: migration.name,
                    reason: .notPortable("a Swift migration takes SQLite's Connection; write it in SQL", location: nil)
                )
            }
            let statements = try sql.statements.map { statement in
                switch statement.postgreSQLForm {
                case .success(let sql):
                    return PostgreSQLMigrationPlan.Statement(sql: sql, location: statement.location)
                case .failure(let error):
                    throw MigrationError(
                        migration: migration.name, reason: .notPortable(error.reason, location: error.location))
                }
            }
            return PostgreSQLMigrationPlan(
                name: migration.name, checksum: migration.checksum, statements: statements,
                foldedNames: sql.statements.flatMap(\.foldedNames))
        }
    }
}

/// A migration ready for PostgreSQL.
struct PostgreSQLMigrationPlan {
    struct Statement {
        var sql: String
        var location: SQLSourceLocation
    }

    var name: String
    var checksum: String
    var statements: [Statement]
    /// The names PostgreSQL would fold, in order.
    var foldedNames: [PostgreSQLFoldedName]
}
#endif
