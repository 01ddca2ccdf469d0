import Codd
import CoddSchema

extension Database {
    /// Opens the database at `path` and applies `migrator`'s pending migrations; with
    /// `validating`, also checks those `@Table` types against the migrated schema.
    ///
    /// ```swift
    /// let database = try Database(path: "todos.sqlite", migrator: migrator, validating: [Todo.self])
    /// ```
    public convenience init(
        path: String, configuration: Configuration = Configuration(), migrator: Migrator,
        validating tables: [any Table.Type] = []
    ) throws {
        try self.init(path: path, configuration: configuration)
        try migrator.prepare(self, validating: tables)
    }

    /// A private in-memory database with every migration applied: for tests and previews.
    public static func inMemory(
        configuration: Configuration = Configuration(), migrator: Migrator, validating tables: [any Table.Type] = []
    ) throws -> Database {
        try Database(path: ":memory:", configuration: configuration, migrator: migrator, validating: tables)
    }
}

extension DatabasePool {
    /// Opens a pool on the database file at `path`, applies `migrator`'s pending migrations
    /// on its writer before any read can run, and with `validating` checks those `@Table`
    /// types against the migrated schema.
    ///
    /// ```swift
    /// let pool = try DatabasePool(path: "todos.sqlite", migrator: migrator, validating: [Todo.self])
    /// ```
    public convenience init(
        path: String, configuration: Configuration = Configuration(), maximumReaderCount: Int = 4,
        migrator: Migrator, validating tables: [any Table.Type] = []
    ) throws {
        try self.init(path: path, configuration: configuration, maximumReaderCount: maximumReaderCount)
        try migrator.prepare(self, validating: tables)
    }
}

extension Migrator {
    /// Migrates `database`, then validates `tables` against the migrated schema.
    func prepare(_ database: some DatabaseWriter, validating tables: [any Table.Type]) throws {
        try migrate(database)
        if !tables.isEmpty {
            try database.validate(tables, schema: schema)
        }
    }
}
