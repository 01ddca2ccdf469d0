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
        try migrator.migrate(self)
        if !tables.isEmpty {
            try validate(tables, schema: migrator.schema)
        }
    }

    /// A private in-memory database with every migration applied: for tests and previews.
    public static func inMemory(
        configuration: Configuration = Configuration(), migrator: Migrator, validating tables: [any Table.Type] = []
    ) throws -> Database {
        try Database(path: ":memory:", configuration: configuration, migrator: migrator, validating: tables)
    }
}
