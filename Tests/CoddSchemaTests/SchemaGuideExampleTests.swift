import Codd
import CoddMigrations
import Foundation
import Testing

// The Swift blocks of docs/Schema.md, verbatim, each run here.

@Suite("docs/Schema.md examples")
struct SchemaGuideExampleTests {
    @Test func parsing() throws {
        let migration = try AnnotatedSQL("""
            CREATE TABLE todo (
              id TEXT AS "Todo.ID" PRIMARY KEY NOT NULL,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date
            );
            """, file: "Migrations/1.sql", registry: appRegistry)
        print(migration.sql)                     // what SQLite runs: the annotations are gone
        for annotation in migration.annotations {
            print(annotation.location, annotation.text, "→", annotation.codec)
        }
        // Migrations/1.sql:2:6 TEXT AS "Todo.ID" → TEXT AS Todo.ID USING text
        // Migrations/1.sql:4:15 INTEGER AS Date → INTEGER AS Date USING unixTime
        #expect(migration.annotations.map { "\($0.location) \($0.text) → \($0.codec)" } == [
            #"Migrations/1.sql:2:6 TEXT AS "Todo.ID" → TEXT AS Todo.ID USING text"#,
            "Migrations/1.sql:4:15 INTEGER AS Date → INTEGER AS Date USING unixTime",
        ])
    }

    @Test func registeringACodec() throws {
        var registry = SQLCodecRegistry.standard
        try registry.register([SQLCodec(name: "text", isDefault: true, representation: Todo.ID.self)])
        var migrator = Migrator(registry: registry)
        try migrator.registerMigration("1", sql: #"CREATE TABLE todo (id TEXT AS "Todo.ID" PRIMARY KEY NOT NULL);"#)
        #expect(same(migrator.schema.table(named: "todo")?.columns.first?.codec?.representation, Todo.ID.self))
    }

    @Test func schemaModel() throws {
        let migration = try AnnotatedSQL(MigratorTests.first, registry: appRegistry)
        let schema = SQLSchema(applying: [migration])
        for column in schema.table(named: "todo")?.columns ?? [] {
            print(column.name, column.swiftTypeName ?? "?", column.isPrimaryKey ? "primary key" : "")
        }
        // id Todo.ID primary key
        // name String
        // completedOn Date?
        #expect(schema.table(named: "todo")?.columns.map { "\($0.name) \($0.swiftTypeName ?? "?")" } == [
            "id Todo.ID", "name String", "completedOn Date?",
        ])
    }

    @Test func migrating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("1.sql", MigratorTests.first)
        let migrationsFolder = directory.url
        let path = directory.databasePath

        var migrator = Migrator(registry: appRegistry)
        try migrator.registerMigrations(in: migrationsFolder)   // 1.sql, 2.sql, … in order
        try migrator.registerMigration("seed") { db in
            try db.execute("INSERT INTO todo (id, name) VALUES ('first', 'Read the guide')")
        }

        // Opening migrates, then checks the @Table types against the migrated schema.
        let database = try Database(path: path, migrator: migrator, validating: [Todo.self])

        // Or explicitly: it returns the names it applied, none the second time.
        let applied = try migrator.migrate(database)   // []

        // Tests and previews: an in-memory database with every migration applied.
        let preview = try Database.inMemory(migrator: migrator)

        #expect(applied == [])
        #expect(try preview.read { db in try Todo.all.fetchAll(db) }.map(\.name) == ["Read the guide"])
    }

    @Test func developmentMode() throws {
        var migrator = Migrator()
        #if DEBUG
        migrator.eraseDatabaseOnSchemaChange = true   // never in a release: it deletes data
        #endif
        try migrator.registerMigration("1", sql: "CREATE TABLE t (x);")
        _ = try Database.inMemory(migrator: migrator)
    }

    @Test func validating() throws {
        var migrator = Migrator()
        try migrator.registerMigration("1", sql: ValidationTests.schema)
        let database = try Database.inMemory(migrator: migrator)

        do {
            try database.validate(DriftedReminder.self, schema: migrator.schema)
        } catch let error as SchemaValidationError {
            print(error)
            for problem in error.problems {
                print(problem.table, problem.column ?? "", problem.expected, problem.found)
            }
        }
        #expect(throws: SchemaValidationError.self) { try database.validate(DriftedReminder.self, schema: migrator.schema) }
    }
}
