#if PostgreSQL
import Codd
import CoddMigrations
import CoddPostgres
import CoddPostgresMigrations
import CoddSchema
import Foundation
import Testing

/// A to-do whose schema comes from annotated SQL migrations, the same files on both engines.
@Table("pgTodos")
struct PGTodo: Equatable {
    let id: Int
    var uid: UUID
    var title = ""
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var dueAt: Date?
    var isDone = false
    @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
}

/// A table whose `title` is a plain `String`, against a `TEXT AS JSON` column.
@Table("pgTodos")
struct StringTitled {
    let id: Int
    var title: String
}

/// A note whose JSON column the migration declares `TEXT AS JSON`, with no codec registered.
@Table("pgJSONNotes")
struct PGJSONNote: Equatable {
    let id: Int
    @Column(as: [String].JSONRepresentation.self) var tags: [String]
    @Column(as: [String].JSONRepresentation.self) var extra: [String]?
}

/// A memo whose migration is written as the guides write theirs: names unquoted, in camelCase.
@Table("memos")
struct PGMemo: Equatable {
    let id: Int
    var body: String
    var createdAt: Date
}

/// A jotting whose migration declares it in PascalCase, unquoted (`Jottings`, `ID`, `Title`):
/// PostgreSQL folds those to the names `@Table` gives it, `jottings`, `id` and `title`.
@Table
struct Jotting: Equatable {
    let id: Int
    var title: String
}

/// The schema issue's migrator on PostgreSQL: annotated types become PostgreSQL types, each
/// migration runs once, and what does not port is refused before anything runs.
extension PostgreSQLTests {
    @Suite("Migrations") struct Migrations {
        static let first = """
            CREATE TABLE "pgTodos" (
              "id" INTEGER PRIMARY KEY AUTOINCREMENT,
              "uid" TEXT AS UUID NOT NULL UNIQUE,
              "title" TEXT NOT NULL,
              "dueAt" INTEGER AS Date USING unixTimeMilliseconds,
              "isDone" INTEGER AS Bool NOT NULL DEFAULT FALSE
            ) STRICT;
            """
        static let second = """
            ALTER TABLE "pgTodos" ADD COLUMN "tags" TEXT AS "[String]" NOT NULL DEFAULT '[]';
            CREATE INDEX "pgTodos_due" ON "pgTodos"("dueAt");
            """

        static var registry: SQLCodecRegistry {
            var registry = SQLCodecRegistry.standard
            try? registry.register([
                SQLCodec(
                    typeName: "[String]", name: "json", isDefault: true,
                    representation: [String].JSONRepresentation.self)
            ])
            return registry
        }

        func migrator(_ sources: [String]) throws -> Migrator {
            var migrator = Migrator(registry: Self.registry)
            for (offset, source) in sources.enumerated() {
                try migrator.registerMigration("\(offset + 1).sql", sql: source)
            }
            return migrator
        }

        func dropAll(_ database: PGDatabase) async throws {
            try await database.write { db in
                try await db.execute(#"DROP TABLE IF EXISTS "pgTodos", "codd_migrations" CASCADE"#)
            }
        }

        func dropJSONNotes(_ database: PGDatabase) async throws {
            try await database.write { db in
                try await db.execute(#"DROP TABLE IF EXISTS "pgJSONNotes", "codd_migrations" CASCADE"#)
            }
        }

        @Test func sameMigrationsOnBothEnginesOncePerDatabase() async throws {
            let migrator = try migrator([Self.first, Self.second])
            let todo = PGTodo(
                id: 1, uid: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!, title: "it's -- 🎉",
                dueAt: date(1_700_000_000_123), isDone: true, tags: ["a", "🎉"]
            )
            // SQLite.
            let sqlite = try Database.inMemory(migrator: migrator, validating: [PGTodo.self])
            try sqlite.write { db in try PGTodo.insert([todo]).execute(db) }
            #expect(try sqlite.read { db in try PGTodo.all.fetchAll(db) } == [todo])
            // PostgreSQL: the same files, applied once.
            func check(_ database: PGDatabase) async throws {
                try await dropAll(database)
                #expect(try await migrator.migrate(database) == ["1.sql", "2.sql"])
                #expect(try await migrator.migrate(database) == [])
                let types = try await database.read { db in
                    try await db.fetchAll(
                        (String, String).self,
                        "SELECT column_name::text, data_type::text FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
                        "pgTodos"
                    )
                }
                #expect(
                    types.map { "\($0.0) \($0.1)" } == [
                        "id bigint", "uid uuid", "title text", "dueAt timestamp with time zone", "isDone boolean",
                        "tags jsonb",
                    ])
                try await database.write { db in try await PGTodo.insert([todo]).execute(db) }
                let rows = try await database.read { db in try await PGTodo.all.fetchAll(db) }
                #expect(rows == [todo])
                // The identity numbers new rows, as SQLite's rowid does.
                let next = try await database.write { db in
                    try await db.execute(#"SELECT setval(pg_get_serial_sequence('"pgTodos"', 'id'), 1)"#)
                    return try await db.fetchOne(
                        Int.self,
                        #"INSERT INTO "pgTodos" ("uid", "title") VALUES (gen_random_uuid(), 'x') RETURNING "id""#)
                }
                #expect(next == 2)
                let records = try await database.read { db in
                    try await db.fetchAll(
                        (String, String).self, #"SELECT "name", "checksum" FROM "codd_migrations" ORDER BY "position""#)
                }
                #expect(records.map(\.0) == ["1.sql", "2.sql"])
                #expect(records.map(\.1) == migrator.migrations.map(\.checksum))
                try await dropAll(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        /// `TEXT AS JSON`: TEXT on SQLite, `jsonb` on PostgreSQL, where JSON paths, `contains`
        /// and partial updates need it (a column left `TEXT` is `text` there, and they fail);
        /// validation accepts any JSON representation in it, and refuses a `String`.
        @Test func aJSONColumnIsJSONBOnPostgreSQL() async throws {
            var migrator = Migrator(registry: .standard)
            try migrator.registerMigration(
                "1.sql",
                sql:
                    #"CREATE TABLE "pgJSONNotes" ("id" INTEGER PRIMARY KEY, "tags" TEXT AS JSON NOT NULL, "extra" TEXT AS JSON)"#
            )
            let notes = [
                PGJSONNote(id: 1, tags: ["it's", "--", "🎉"], extra: nil), PGJSONNote(id: 2, tags: [], extra: ["x"]),
            ]
            let tagged = PGJSONNote.where { $0.tags.contains("it's") }.select(\.id)
            let change = PGJSONNote.find(2).update { $0.tags.append("new") }
            // SQLite: TEXT, validated against the model.
            let sqlite = try Database.inMemory(migrator: migrator, validating: [PGJSONNote.self])
            let sqliteType = try sqlite.read { db in
                try db.fetchOne(
                    String.self, #"SELECT "type" FROM pragma_table_info('pgJSONNotes') WHERE "name" = 'tags'"#)
            }
            #expect(sqliteType == "TEXT")
            try sqlite.write { db in
                try PGJSONNote.insert(notes).execute(db)
                try change.execute(db)
            }
            #expect(try sqlite.read { db in try tagged.fetchAll(db) } == [1])
            #expect(try sqlite.read { db in try PGJSONNote.find(2).fetchOne(db) }?.tags == ["new"])
            // A String property is not a JSON document.
            var stringMigrator = Migrator(registry: .standard)
            try stringMigrator.registerMigration(
                "1.sql", sql: #"CREATE TABLE "pgTodos" ("id" INTEGER PRIMARY KEY, "title" TEXT AS JSON NOT NULL)"#)
            #expect(throws: SchemaValidationError.self) {
                try Database.inMemory(migrator: stringMigrator, validating: [StringTitled.self])
            }
            // PostgreSQL: jsonb, and the JSON operators work. A local function, not a closure:
            // the closure's body, its result type inferred through `withDatabase`'s generic
            // one, took 150 to 156 ms to type-check (the build's budget is 150), whatever its
            // last statement was.
            func onPostgreSQL(_ database: PGDatabase) async throws {
                try await dropJSONNotes(database)
                #expect(try await migrator.migrate(database) == ["1.sql"])
                let types = try await database.read { db in
                    try await db.fetchAll(
                        (String, String).self,
                        "SELECT column_name::text, data_type::text FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
                        "pgJSONNotes"
                    )
                }
                #expect(types.map { "\($0.0) \($0.1)" } == ["id bigint", "tags jsonb", "extra jsonb"])
                try await database.write { db in
                    try await PGJSONNote.insert(notes).execute(db)
                    try await change.execute(db)
                }
                #expect(try await database.read { db in try await tagged.fetchAll(db) } == [1])
                let rows = try await database.read { db in try await PGJSONNote.order(by: \.id).fetchAll(db) }
                #expect(rows.map(\.tags) == [["it's", "--", "🎉"], ["new"]])
                #expect(rows.map(\.extra) == [nil, ["x"]])
                try await dropJSONNotes(database)
            }
            try await PGTestServer.withDatabase(onPostgreSQL)
        }

        @Test func concurrentMigratorsApplyEachMigrationOnce() async throws {
            let migrator = try migrator([Self.first, Self.second])
            try await PGTestServer.withDatabase(maximumConnections: 6) { database in
                // Several rounds on an empty database: the race on creating
                // `codd_migrations` (CREATE TABLE IF NOT EXISTS is not safe against a
                // concurrent one) failed one full-suite run, and is rare: more rounds, more chances.
                for _ in 0..<8 {
                    try await dropAll(database)
                    let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                        for _ in 0..<4 { group.addTask { try await migrator.migrate(database) } }
                        var all: [String] = []
                        for try await names in group { all += names }
                        return all
                    }
                    #expect(applied.sorted() == ["1.sql", "2.sql"])
                }
                try await dropAll(database)
            }
        }

        @Test func aChangedMigrationIsRefused() async throws {
            func check(_ database: PGDatabase) async throws {
                try await dropAll(database)
                try await migrator([Self.first]).migrate(database)
                let changed = try migrator([
                    Self.first.replacingOccurrences(of: "\"title\" TEXT", with: "\"name\" TEXT")
                ])
                let error = await #expect(throws: MigrationError.self) { try await changed.migrate(database) }
                guard case .changed = error?.reason else {
                    Issue.record("expected .changed, got \(String(describing: error))")
                    return
                }
                #expect(error?.migration == "1.sql")
                try await dropAll(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func aFailingStatementRollsTheMigrationBackAndNamesItsLine() async throws {
            let broken = """
                CREATE TABLE "pgTodos" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
                INSERT INTO "pgTodos" ("id", "title") VALUES (1, 'it''s');
                INSERT INTO "pgTodos" ("id", "missing") VALUES (2, 'x');
                """
            func check(_ database: PGDatabase) async throws {
                try await dropAll(database)
                let error = await #expect(throws: MigrationError.self) {
                    try await migrator([broken]).migrate(database)
                }
                guard case .failed(let cause, let location)? = error?.reason else {
                    Issue.record("expected .failed, got \(String(describing: error))")
                    return
                }
                #expect(location?.line == 3)
                #expect((cause as? PGError)?.sqlState == "42703")
                // Nothing of it stayed: not the table, not the record.
                let tables = try await database.read { db in
                    try await db.fetchOne(
                        Int.self, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'pgTodos'")
                }
                #expect(tables == 0)
                try await dropAll(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        func dropMemos(_ database: PGDatabase) async throws {
            try await database.write { db in
                try await db.execute(#"DROP TABLE IF EXISTS "memos", "codd_migrations" CASCADE"#)
            }
        }

        /// `createdAt` unquoted: SQLite keeps its case, PostgreSQL folds it to `createdat`, where
        /// the migration used to succeed and the first insert failed (42703, column
        /// "createdAt" does not exist). Refused before anything runs, naming the name, what it
        /// folds to, and the fix; quoted, the same migration works on both engines.
        @Test func anUnquotedCamelCaseNameIsRefusedBeforeAnythingRuns() async throws {
            var unquoted = Migrator(registry: .standard)
            try unquoted.registerMigration(
                "1.sql",
                sql: "CREATE TABLE memos (id INTEGER PRIMARY KEY, body TEXT NOT NULL, createdAt TEXT AS Date NOT NULL);"
            )
            var quoted = Migrator(registry: .standard)
            try quoted.registerMigration(
                "1.sql",
                sql:
                    #"CREATE TABLE memos (id INTEGER PRIMARY KEY, body TEXT NOT NULL, "createdAt" TEXT AS Date NOT NULL);"#
            )
            let memo = PGMemo(id: 1, body: "first", createdAt: date(1_700_000_000_123))
            let insert = PGMemo.insert([memo])
            // SQLite: unquoted works, names compare case-insensitively.
            let sqlite = try Database.inMemory(migrator: unquoted, validating: [PGMemo.self])
            try sqlite.write { db in try insert.execute(db) }
            #expect(try sqlite.read { db in try PGMemo.all.fetchAll(db) } == [memo])
            func check(_ database: PGDatabase) async throws {
                try await dropMemos(database)
                let error = await #expect(throws: MigrationError.self) { try await unquoted.migrate(database) }
                #expect(
                    error?.description
                        == #"<migration 1.sql>:1:65: migration 1.sql cannot run on PostgreSQL as written: PostgreSQL folds the unquoted name createdAt to createdat, and @Table types and Codd's queries quote "createdAt", which would not find it; quote it in the migration: "createdAt""#
                )
                guard case .unquotedName(let name, let folded, let location)? = error?.reason else {
                    Issue.record("expected .unquotedName, got \(String(describing: error))")
                    return
                }
                #expect(name == "createdAt")
                #expect(folded == "createdat")
                #expect(location == SQLSourceLocation(file: "<migration 1.sql>", line: 1, column: 65))
                // Nothing ran: no table, not even the records.
                let tables = try await database.read { db in
                    try await db.fetchOne(
                        Int.self,
                        "SELECT count(*) FROM information_schema.tables WHERE table_name IN ('memos', 'codd_migrations')"
                    )
                }
                #expect(tables == 0)
                // Quoted: the DSL finds the column.
                #expect(try await quoted.migrate(database) == ["1.sql"])
                try await database.write { db in try await insert.execute(db) }
                #expect(try await database.read { db in try await PGMemo.all.fetchAll(db) } == [memo])
                try await dropMemos(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A migration applied before the check (its names folded) cannot change, so only the
        /// migrations still to apply are checked. A later one may refer to its columns as it
        /// wrote them (`createdAt`, in an index, as `RENAME COLUMN`'s old name): they fold
        /// alike. What it declares in camel case (an added column, a rename's target) is
        /// refused.
        @Test func anAppliedMigrationWithFoldedNamesIsLeftAlone() async throws {
            let first =
                "CREATE TABLE memos (id INTEGER PRIMARY KEY, body TEXT NOT NULL, createdAt TEXT AS Date NOT NULL);"
            let second = #"""
                ALTER TABLE memos ADD COLUMN "editedAt" TEXT AS Date;
                CREATE INDEX memosByDate ON memos (createdAt);
                ALTER TABLE memos RENAME COLUMN createdAt TO "writtenAt";
                """#
            var migrator = Migrator(registry: .standard)
            try migrator.registerMigration("1.sql", sql: first)
            try migrator.registerMigration("2.sql", sql: second)
            var unquotedSecond = Migrator(registry: .standard)
            try unquotedSecond.registerMigration("1.sql", sql: first)
            try unquotedSecond.registerMigration("2.sql", sql: "ALTER TABLE memos ADD COLUMN editedAt TEXT AS Date;")
            var renamingSecond = Migrator(registry: .standard)
            try renamingSecond.registerMigration("1.sql", sql: first)
            try renamingSecond.registerMigration("2.sql", sql: "ALTER TABLE memos RENAME COLUMN body TO bodyText;")
            let checksum = migrator.migrations[0].checksum
            func check(_ database: PGDatabase) async throws {
                try await dropMemos(database)
                // What a migrator that did not check left: 1.sql applied, its names folded.
                try await database.write { db in
                    try await db.execute(
                        "CREATE TABLE memos (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, body text NOT NULL, createdAt timestamptz NOT NULL)"
                    )
                    try await db.execute(
                        #"CREATE TABLE "codd_migrations" ("name" text PRIMARY KEY NOT NULL, "checksum" text NOT NULL, "position" bigint NOT NULL, "appliedAt" timestamptz NOT NULL DEFAULT now())"#
                    )
                    try await db.execute(
                        #"INSERT INTO "codd_migrations" ("name", "checksum", "position") VALUES ('1.sql', $1, 0)"#,
                        checksum)
                }
                let error = await #expect(throws: MigrationError.self) { try await unquotedSecond.migrate(database) }
                #expect(
                    error?.description
                        == #"<migration 2.sql>:1:30: migration 2.sql cannot run on PostgreSQL as written: PostgreSQL folds the unquoted name editedAt to editedat, and @Table types and Codd's queries quote "editedAt", which would not find it; quote it in the migration: "editedAt""#
                )
                let renaming = await #expect(throws: MigrationError.self) { try await renamingSecond.migrate(database) }
                #expect(
                    renaming?.description
                        == #"<migration 2.sql>:1:41: migration 2.sql cannot run on PostgreSQL as written: PostgreSQL folds the unquoted name bodyText to bodytext, and @Table types and Codd's queries quote "bodyText", which would not find it; quote it in the migration: "bodyText""#
                )
                #expect(try await migrator.migrate(database) == ["2.sql"])
                #expect(try await memoColumns(database) == ["id", "body", "writtenAt", "editedAt"])
                try await dropMemos(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        func memoColumns(_ database: PGDatabase) async throws -> [String] {
            try await database.read { db in
                try await db.fetchAll(
                    String.self,
                    "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'memos' ORDER BY ordinal_position"
                )
            }
        }

        /// PascalCase unquoted folds to what `@Table` derives from the type's name and Swift
        /// names the properties (`Jottings`, `ID`, `Title` to `jottings`, `id`, `title`), so
        /// it is not refused, and the DSL finds the table and its columns.
        @Test func pascalCaseNamesRunAndFoldToTheTableTypesNames() async throws {
            var migrator = Migrator(registry: .standard)
            try migrator.registerMigration(
                "1.sql", sql: "CREATE TABLE Jottings (ID INTEGER PRIMARY KEY, Title TEXT NOT NULL);")
            let jotting = Jotting(id: 1, title: "first")
            #expect(Jotting.tableName == "jottings")
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "jottings", "codd_migrations" CASCADE"#)
                }
                #expect(try await migrator.migrate(database) == ["1.sql"])
                try await database.write { db in try await Jotting.insert([jotting]).execute(db) }
                #expect(try await database.read { db in try await Jotting.all.fetchAll(db) } == [jotting])
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "jottings", "codd_migrations" CASCADE"#)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// `refusesPostgreSQLFoldedNames` off: a migration whose camelCase names the app only
        /// writes unquoted runs as written, and PostgreSQL folds them.
        @Test func theFoldingCheckCanBeTurnedOff() async throws {
            var migrator = Migrator(registry: .standard)
            migrator.refusesPostgreSQLFoldedNames = false
            try migrator.registerMigration(
                "1.sql",
                sql: "CREATE TABLE memos (id INTEGER PRIMARY KEY, body TEXT NOT NULL, createdAt TEXT AS Date NOT NULL);"
            )
            func check(_ database: PGDatabase) async throws {
                try await dropMemos(database)
                #expect(try await migrator.migrate(database) == ["1.sql"])
                #expect(try await memoColumns(database) == ["id", "body", "createdat"])
                // The app's own unquoted SQL folds alike and finds the column.
                try await database.write { db in
                    try await db.execute("INSERT INTO memos (body, createdAt) VALUES ('first', now())")
                }
                let count = try await database.read { db in
                    try await db.fetchOne(Int.self, "SELECT count(createdAt) FROM memos")
                }
                #expect(count == 1)
                try await dropMemos(database)
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func whatDoesNotPortIsRefusedBeforeAnythingRuns() async throws {
            var withSwift = try migrator([Self.first])
            try withSwift.registerMigration("seed") { db in try db.execute("SELECT 1") }
            let withFTS5 = try migrator([
                Self.first, #"CREATE VIRTUAL TABLE "search" USING fts5("title" TEXT NOT NULL)"#,
            ])
            func check(_ database: PGDatabase) async throws {
                try await dropAll(database)
                let swift = await #expect(throws: MigrationError.self) { try await withSwift.migrate(database) }
                #expect(swift?.migration == "seed")
                let fts5 = await #expect(throws: MigrationError.self) { try await withFTS5.migrate(database) }
                #expect(
                    fts5?.description
                        == "<migration 2.sql>:1:1: migration 2.sql cannot run on PostgreSQL: CREATE VIRTUAL TABLE … USING fts5: PostgreSQL has no virtual tables"
                )
                // Neither ran its first, portable migration: no table, not even the records.
                let tables = try await database.read { db in
                    try await db.fetchOne(
                        Int.self,
                        "SELECT count(*) FROM information_schema.tables WHERE table_name IN ('pgTodos', 'codd_migrations')"
                    )
                }
                #expect(tables == 0)
                try await dropAll(database)
            }
            try await PGTestServer.withDatabase(check)
        }
    }
}
#endif
