/// Opening a generated database: a `DatabasePool` for a file, a `Database` in memory, with
/// every migration applied before the first query.
public enum SQLFirstDatabase {
    /// Opens `config`'s database and applies `migrator`'s pending migrations.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened, `MigrationError` when a
    ///   migration fails (it is rolled back; the database stays at the one before).
    public static func open(_ config: DatabaseConfig, migrator: Migrator) throws -> any DatabaseWriter {
        guard let path = config.path, !isInMemory(path) else {
            let database = try Database.inMemory(configuration: config.configuration)
            try migrator.migrate(database)
            return database
        }
        let pool = try DatabasePool(
            path: path, configuration: config.configuration, maximumReaderCount: max(1, config.maxConnectionCount - 1)
        )
        // The migrator runs each migration in a transaction of its own.
        try pool.writeWithoutTransaction { db in _ = try migrator.migrate(db) }
        return pool
    }

    private static func isInMemory(_ path: String) -> Bool {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:") || path.contains("mode=memory")
    }
}
