import Codd
import CoddMigrations
import Foundation
import Testing

// The Swift blocks of docs/Schema.md, verbatim, each run here.

@Suite("docs/Schema.md examples")
struct SchemaGuideExampleTests {
    @Test func parsing() throws {
        let migration = try AnnotatedSQL(
            """
            CREATE TABLE todo (
              id TEXT AS "Todo.ID" PRIMARY KEY NOT NULL,
              name TEXT NOT NULL,
              completedOn INTEGER AS Date
            );
            """, file: "Migrations/1.sql", registry: appRegistry)
        print(migration.sql)  // what SQLite runs: the annotations are gone
        for annotation in migration.annotations {
            print(annotation.location, annotation.text, "→", annotation.codec)
        }
        // Migrations/1.sql:2:6 TEXT AS "Todo.ID" → TEXT AS Todo.ID USING text
        // Migrations/1.sql:4:15 INTEGER AS Date → INTEGER AS Date USING unixTime
        #expect(
            migration.annotations.map { "\($0.location) \($0.text) → \($0.codec)" } == [
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
        #expect(
            schema.table(named: "todo")?.columns.map { "\($0.name) \($0.swiftTypeName ?? "?")" } == [
                "id Todo.ID", "name String", "completedOn Date?",
            ])

        let todo = schema.table(named: "todo")
        print(
            todo?.columns.map { "\($0.name): \($0.isAnnotated ? "annotated" : "default") \($0.codec?.typeName ?? "?")" }
                ?? [])
        // ["id: annotated Todo.ID", "name: default String", "completedOn: annotated Date"]
        #expect(
            todo?.columns.map { "\($0.name): \($0.isAnnotated ? "annotated" : "default") \($0.codec?.typeName ?? "?")" }
                == [
                    "id: annotated Todo.ID", "name: default String", "completedOn: annotated Date",
                ])
    }

    @Test func strictTables() throws {
        let database = try Database.inMemory()
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.execute("CREATE TABLE loose (addedAt INTEGER NOT NULL)")
                try db.execute("CREATE TABLE strict (addedAt INTEGER NOT NULL) STRICT")
                try db.execute("INSERT INTO loose VALUES ('yesterday-ish')")  // stored as TEXT
                let month = try db.fetchOne(
                    String.self, "SELECT strftime('%Y-%m', addedAt / 1000.0, 'unixepoch') FROM loose")
                print(month ?? "NULL")  // 1970-01
                try db.execute("INSERT INTO strict VALUES ('yesterday-ish')")  // throws SQLiteError
            }
        }
        #expect(error?.extendedCode.rawValue == 3091)  // SQLITE_CONSTRAINT_DATATYPE
        // The loose table kept the text (the write rolled back, so insert it again) and
        // computes 1970-01 from it.
        let month = try database.write { db in
            try db.execute("CREATE TABLE loose (addedAt INTEGER NOT NULL)")
            try db.execute("INSERT INTO loose VALUES ('yesterday-ish')")
            return try db.fetchOne(String.self, "SELECT strftime('%Y-%m', addedAt / 1000.0, 'unixepoch') FROM loose")
        }
        #expect(month == "1970-01")
    }

    @Test func migrating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("1.sql", MigratorTests.first)
        let migrationsFolder = directory.url
        let path = directory.databasePath

        var migrator = try Migrator(directory: migrationsFolder, registry: appRegistry)  // 1.sql, 2.sql, … in order
        try migrator.registerMigration("seed") { db in
            try db.execute("INSERT INTO todo (id, name) VALUES ('first', 'Read the guide')")
        }

        // Opening migrates, then checks the @Table types against the migrated schema.
        let database = try Database(path: path, migrator: migrator, validating: [Todo.self])

        // Or explicitly: it returns the names it applied, none the second time.
        let applied = try migrator.migrate(database)  // []

        // Tests and previews: an in-memory database with every migration applied.
        let preview = try Database.inMemory(migrator: migrator)

        #expect(applied == [])
        #expect(try preview.read { db in try Todo.all.fetchAll(db) }.map(\.name) == ["Read the guide"])
    }

    @Test func aSwiftMigrationInTheFileSequence() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("1.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);")
        try directory.write("2.sql", "INSERT INTO item (title) VALUES ('Read the Guide'), ('Ship it');")
        try directory.write("3.sql", "ALTER TABLE item ADD COLUMN slug TEXT;")
        try directory.write("5.sql", "CREATE UNIQUE INDEX item_slug ON item(slug);")
        let migrationsFolder = directory.url
        @Sendable func slug(_ title: String) -> String { title.lowercased().replacingOccurrences(of: " ", with: "-") }

        var migrator = try Migrator(directory: migrationsFolder)  // 1.sql, 2.sql, 3.sql, 5.sql
        try migrator.registerMigration("4") { db in  // between 3.sql and 5.sql
            for (id, title) in try db.fetchAll((Int, String).self, "SELECT id, title FROM item") {
                try db.execute("UPDATE item SET slug = ? WHERE id = ?", slug(title), id)
            }
        }

        let database = try Database.inMemory(migrator: migrator)
        #expect(
            try database.read { db in try db.fetchAll(String.self, "SELECT slug FROM item ORDER BY id") } == [
                "read-the-guide", "ship-it",
            ])
        #expect(migrator.migrations.map(\.name) == ["1.sql", "2.sql", "3.sql", "4", "5.sql"])
    }

    @Test func aPool() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("1.sql", MigratorTests.first)
        let path = directory.databasePath
        let migrator = try Migrator(directory: directory.url, registry: appRegistry)

        let pool = try DatabasePool(path: path, migrator: migrator, validating: [Todo.self])

        func prepare(_ database: some DatabaseWriter) throws {
            try migrator.migrate(database)
            try database.validate(Todo.self, schema: migrator.schema)
        }
        try prepare(pool)
        try prepare(try Database.inMemory())
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "codd_migrations""#) } == 1)
    }

    @Test func developmentMode() throws {
        var migrator = Migrator()
        #if DEBUG
        migrator.eraseDatabaseOnSchemaChange = true  // never in a release: it deletes data
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
        #expect(throws: SchemaValidationError.self) {
            try database.validate(DriftedReminder.self, schema: migrator.schema)
        }
    }
}

@Table("boxes")
struct Box: VirtualTable {
    let id: Int
    let minX: Double
    let maxX: Double

    static func virtualTableDifferences(from live: VirtualTableDefinition) -> [VirtualTableDifference] {
        let columns = live.arguments.map { $0.first?.value ?? "" }
        var differences: [VirtualTableDifference] = []
        if live.module.lowercased() != "rtree" {
            differences.append(.init(argument: "module", expected: "rtree", found: live.module))
        }
        if columns != ["id", "minX", "maxX"] {
            differences.append(
                .init(argument: "columns", expected: "id, minX, maxX", found: columns.joined(separator: ", ")))
        }
        return differences
    }

    // The table keeps what is written: a column is as nullable as its property.
    static func virtualTableColumnValues(from live: VirtualTableDefinition) -> VirtualTableColumnValues {
        .asWritten
    }
}

/// The guide's R*Tree table: its own definition validates, another column list or module is
/// reported through `Box`'s differences.
@Suite("docs/Schema.md: a virtual table of another module")
struct VirtualTableOfAnotherModuleTests {
    @Test func anRTreeTableValidatesThroughItsType() throws {
        let good = try Database.inMemory()
        try good.write { db in try db.execute("CREATE VIRTUAL TABLE boxes USING rtree(id, minX, maxX)") }
        try good.validate(Box.self)
        try good.write { db in try db.execute("INSERT INTO boxes VALUES (1, 0.5, 2.5)") }
        #expect(try good.read { db in try Box.all.fetchAll(db) }.map(\.maxX) == [2.5])

        let drifted = try Database.inMemory()
        try drifted.write { db in try db.execute(#"CREATE VIRTUAL TABLE boxes USING RTREE("id", "minX", "maxX2")"#) }
        let error = try #require(throws: SchemaValidationError.self) { try drifted.validate(Box.self) }
        #expect(
            error.problems.map(\.description).contains("boxes.columns: expected id, minX, maxX, found id, minX, maxX2"))
        #expect(error.problems.contains { $0.kind == .virtualTableArgument })

        let other = try Database.inMemory()
        try other.write { db in try db.execute("CREATE VIRTUAL TABLE boxes USING fts5(id, minX, maxX)") }
        let moduleError = try #require(throws: SchemaValidationError.self) { try other.validate(Box.self) }
        #expect(moduleError.problems.map(\.description).contains("boxes.module: expected rtree, found fts5"))
    }
}
