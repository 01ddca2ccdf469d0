import Codd
import CoddMigrations
import Foundation
import Testing

/// The migrator: order, records, no-op re-runs, changed migrations, failures rolled back.
@Suite struct MigratorTests {
    static let first = """
        CREATE TABLE todo (
          id TEXT AS "Todo.ID" PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          completedOn INTEGER AS Date
        );
        """

    func migrator() throws -> Migrator {
        var migrator = Migrator(registry: appRegistry)
        try migrator.registerMigration("1", sql: Self.first)
        try migrator.registerMigration("2") { db in
            try db.execute("INSERT INTO todo (id, name) VALUES ('a', 'Write the migrator')")
        }
        return migrator
    }

    /// Each migration is applied once and recorded with its checksum; re-running applies
    /// nothing.
    @Test func appliesOnceAndRecords() throws {
        let migrator = try migrator()
        let database = try Database.inMemory()
        #expect(try migrator.migrate(database) == ["1", "2"])
        #expect(try migrator.migrate(database) == [])
        let records = try database.read { db in
            try db.fetchAll(
                (String, String, Int, String).self,
                #"SELECT "name", "checksum", "position", "appliedAt" FROM "codd_migrations" ORDER BY "position""#)
        }
        #expect(records.map(\.0) == ["1", "2"])
        #expect(records[0].1 == migrator.migrations[0].checksum)
        #expect(records[0].1.count == 64)
        #expect(records[1].1 == "")
        #expect(records.map(\.2) == [0, 1])
        #expect(records[0].3.count == 23)  // YYYY-MM-DD HH:MM:SS.SSS
        #expect(
            try database.read { db in try db.fetchAll(String.self, "SELECT name FROM todo") } == ["Write the migrator"])
    }

    /// The checksum is SHA-256 of the SQL as written.
    @Test func checksumIsSHA256() throws {
        var migrator = Migrator()
        try migrator.registerMigration("abc", sql: "abc")
        try migrator.registerMigration("empty", sql: "")
        #expect(
            migrator.migrations.map(\.checksum) == [
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ])
        try migrator.registerMigration("long", sql: String(repeating: "a", count: 1_000_000))
        #expect(migrator.migrations[2].checksum == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A new migration added later is applied on the next run, and only it.
    @Test func addsNewMigrations() throws {
        var migrator = try migrator()
        let database = try Database.inMemory()
        try migrator.migrate(database)
        try migrator.registerMigration("3", sql: "ALTER TABLE todo ADD COLUMN syncedAt TEXT AS Date USING iso8601;")
        #expect(try migrator.migrate(database) == ["3"])
        #expect(migrator.schema.table(named: "todo")?.columns.map(\.name) == ["id", "name", "completedOn", "syncedAt"])
    }

    /// An applied migration whose SQL changed is an error naming it; nothing runs.
    @Test func changedMigrationIsAnError() throws {
        let database = try Database.inMemory()
        try migrator().migrate(database)
        var changed = Migrator(registry: appRegistry)
        try changed.registerMigration(
            "1",
            sql: Self.first.replacingOccurrences(
                of: "INTEGER AS Date", with: "INTEGER AS Date USING unixTimeMilliseconds"))
        let error = caught(MigrationError.self) { try changed.migrate(database) }
        #expect(error?.migration == "1")
        #expect(error?.description.hasPrefix("migration 1 was changed after it was applied (applied checksum ") == true)
        #expect(
            error?.description.hasSuffix(
                "…); add a new migration instead, or opt into eraseDatabaseOnSchemaChange during development") == true)
    }

    /// In development mode a changed migration erases the database and re-runs everything.
    @Test func developmentModeErasesAndReruns() throws {
        let database = try Database.inMemory()
        try migrator().migrate(database)
        try database.write { db in
            try db.execute("CREATE VIRTUAL TABLE search USING fts5(name)")
            try db.execute("CREATE VIEW names AS SELECT name FROM todo")
        }
        var changed = Migrator(registry: appRegistry)
        changed.eraseDatabaseOnSchemaChange = true
        try changed.registerMigration(
            "1", sql: "CREATE TABLE todo (id TEXT AS UUID PRIMARY KEY NOT NULL, title TEXT NOT NULL);")
        #expect(try changed.migrate(database) == ["1"])
        let rows = try schemaRows(database)
        #expect(
            rows == [
                "index sqlite_autoindex_todo_1 on todo: NULL",
                "table todo on todo: CREATE TABLE todo (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL)",
            ])
        #expect(try changed.migrate(database) == [])
    }

    /// A database migrated by a newer app (a migration this migrator lacks) is refused.
    @Test func unknownAppliedMigration() throws {
        let database = try Database.inMemory()
        var newer = try migrator()
        try newer.registerMigration("3", sql: "CREATE TABLE extra (x);")
        try newer.migrate(database)
        let error = caught(MigrationError.self) { try migrator().migrate(database) }
        #expect(
            error?.description
                == "the database has applied migration 3, which this migrator does not have (was it migrated by a newer version of the app, or was the migration renamed?)"
        )
    }

    /// A migration inserted before an applied one is refused.
    @Test func outOfOrderMigration() throws {
        let database = try Database.inMemory()
        var migrator = Migrator()
        try migrator.registerMigration("1", sql: "CREATE TABLE a (x);")
        try migrator.registerMigration("3", sql: "CREATE TABLE c (x);")
        try migrator.migrate(database)
        var inserted = Migrator()
        try inserted.registerMigration("1", sql: "CREATE TABLE a (x);")
        try inserted.registerMigration("2", sql: "CREATE TABLE b (x);")
        try inserted.registerMigration("3", sql: "CREATE TABLE c (x);")
        let error = caught(MigrationError.self) { try inserted.migrate(database) }
        #expect(
            error?.description
                == "migration 2 was never applied, but 3, registered after it, was: migrations must be added after the last applied one"
        )
    }

    @Test func duplicateNames() throws {
        var migrator = Migrator()
        try migrator.registerMigration("1", sql: "CREATE TABLE a (x);")
        let error = caught(MigrationError.self) { try migrator.registerMigration("1") { _ in } }
        #expect(error?.description == "two migrations are named 1")
    }

    /// A migration may not begin or commit a transaction: the migrator owns it.
    @Test func transactionControlIsRefused() throws {
        var migrator = Migrator()
        let error = caught(MigrationError.self) {
            try migrator.registerMigration(
                "1", sql: "CREATE TABLE a (x);\nBEGIN;\nCREATE TABLE b (x);\nCOMMIT;", file: "Migrations/1.sql")
        }
        #expect(
            error?.description
                == "Migrations/1.sql:2:1: migration 1 controls a transaction itself; the migrator runs each migration in its own transaction, so remove BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE"
        )
    }

    /// A bad annotation in any migration stops registration: nothing reaches SQLite.
    @Test func badAnnotationStopsEverything() throws {
        var migrator = Migrator()
        try migrator.registerMigration("1", sql: "CREATE TABLE a (x TEXT AS UUID);")
        let error = caught(MigrationError.self) {
            try migrator.registerMigration(
                "2", sql: "CREATE TABLE b (\n  at BLOB AS Date\n);", file: "Migrations/2.sql")
        }
        #expect(
            error?.description
                == "migration 2: Migrations/2.sql:2:6: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)"
        )
        #expect(migrator.migrations.map(\.name) == ["1"])
    }

    /// SQL registered from code has no file: its error names `<migration name>`, line and
    /// column, not a file name that does not exist.
    @Test func sqlRegisteredFromCodeIsLocatedByItsMigrationName() throws {
        var failing = try migrator()
        try failing.registerMigration(
            "3", sql: "CREATE TABLE tags (id INTEGER PRIMARY KEY);\nINSERT INTO missing VALUES (1);")
        let error = caught(MigrationError.self) { try failing.migrate(try Database.inMemory()) }
        #expect(error?.description.hasPrefix("<migration 3>:2:1: migration 3 failed and was rolled back: ") == true)
        var annotated = try migrator()
        let typo = caught(MigrationError.self) {
            try annotated.registerMigration("3", sql: "CREATE TABLE tags (id TEXT AS Uuid PRIMARY KEY);")
        }
        #expect(
            typo?.description.hasPrefix("migration 3: <migration 3>:1:23: TEXT AS Uuid: ") == true,
            "\(String(describing: typo))")
    }

    /// A SQL migration that fails half-way leaves nothing: not its first statements, not
    /// its record. The error names the failing statement's line.
    @Test func failingSQLMigrationRollsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var migrator = try migrator()
        try migrator.registerMigration(
            "3",
            sql: """
                CREATE TABLE done (id INTEGER PRIMARY KEY);
                INSERT INTO done VALUES (1);
                DELETE FROM todo;
                INSERT INTO missing VALUES (1);
                """, file: "Migrations/3.sql")
        let database = try Database(path: directory.databasePath)
        let error = caught(MigrationError.self) { try migrator.migrate(database) }
        #expect(error?.migration == "3")
        #expect(error?.description.hasPrefix("Migrations/3.sql:4:1: migration 3 failed and was rolled back: ") == true)
        #expect(error?.description.contains("no such table: missing") == true)
        // Another connection to the file sees the database as it was after 2.
        let reopened = try Database(path: directory.databasePath)
        #expect(
            try reopened.read { db in try db.fetchAll(String.self, #"SELECT "name" FROM "codd_migrations""#) } == [
                "1", "2",
            ])
        #expect(
            try reopened.read { db in try db.fetchAll(String.self, "SELECT name FROM todo") } == ["Write the migrator"])
        #expect(
            try reopened.read { db in
                try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'done'")
            } == 0)
    }

    /// A migration that breaks a constraint is caught by the constraint's kind: the pattern
    /// sees through MigrationError to the SQLite error it wraps; another failure is not.
    @Test func aConstraintBrokenInAMigrationIsCaughtByItsKind() throws {
        var migrator = try migrator()
        try migrator.registerMigration(
            "3",
            sql: """
                CREATE TABLE tags (name TEXT NOT NULL UNIQUE);
                INSERT INTO tags VALUES ('it''s'), ('it''s');
                """)
        let database = try Database.inMemory()
        do {
            _ = try migrator.migrate(database)
            Issue.record("the migration applied")
        } catch SQLConstraintViolation.unique {
        } catch {
            Issue.record("not caught as a unique violation: \(error)")
        }
        let error = caught(MigrationError.self) { try migrator.migrate(database) }
        #expect(error?.constraintViolation == .unique)
        #expect(MigrationError(migration: "3", reason: .duplicateName).constraintViolation == nil)
    }

    /// A Swift migration that throws half-way leaves nothing behind either.
    @Test func throwingSwiftMigrationRollsBack() throws {
        struct Interrupted: Error {}
        var migrator = try migrator()
        try migrator.registerMigration("3") { db in
            try db.execute("CREATE TABLE half (x)")
            try db.execute("INSERT INTO half VALUES (1)")
            try db.execute("UPDATE todo SET name = 'changed'")
            throw Interrupted()
        }
        let database = try Database.inMemory()
        let error = caught(MigrationError.self) { try migrator.migrate(database) }
        #expect(error?.description == "migration 3 failed and was rolled back: Interrupted()")
        #expect(try schemaRows(database).contains { $0.contains("half") } == false)
        #expect(
            try database.read { db in try db.fetchAll(String.self, "SELECT name FROM todo") } == ["Write the migrator"])
        // Fixed, it applies.
        var fixed = try self.migrator()
        try fixed.registerMigration("3") { db in try db.execute("CREATE TABLE half (x)") }
        #expect(try fixed.migrate(database) == ["3"])
    }

    /// A process killed half-way through a migration: the files as they are on disk at that
    /// moment (database and WAL, copied from inside the migration, after enough writes to
    /// spill pages) open with nothing of the migration in them.
    @Test func killedHalfWayLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let path = directory.databasePath
        let crashPath = directory.url.appendingPathComponent("crash.sqlite").path
        var migrator = try migrator()
        try migrator.registerMigration("3") { db in
            try db.execute("CREATE TABLE big (n INTEGER NOT NULL, padding TEXT NOT NULL)")
            for n in 0..<20_000 {
                try db.execute("INSERT INTO big VALUES (?, ?)", n, String(repeating: "x", count: 200))
            }
            try db.execute("UPDATE todo SET name = 'half-migrated'")
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: crashPath + suffix)
            }
            struct Killed: Error {}
            throw Killed()
        }
        let database = try Database(path: path)
        #expect(throws: MigrationError.self) { try migrator.migrate(database) }
        let crashed = try Database(path: crashPath)
        #expect(
            try crashed.read { db in
                try db.fetchAll(String.self, #"SELECT "name" FROM "codd_migrations" ORDER BY "position""#)
            } == ["1", "2"])
        #expect(
            try crashed.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'big'")
            } == 0)
        #expect(
            try crashed.read { db in try db.fetchAll(String.self, "SELECT name FROM todo") } == ["Write the migrator"])
        #expect(try crashed.read { db in try db.fetchOne(String.self, "PRAGMA integrity_check") } == "ok")
    }

    /// Foreign keys are checked before commit: a migration leaving orphans is rolled back;
    /// one that rebuilds a referenced table (foreign keys off while it runs) succeeds.
    @Test func foreignKeysCheckedBeforeCommit() throws {
        var migrator = Migrator()
        try migrator.registerMigration(
            "1",
            sql: """
                CREATE TABLE list (id INTEGER PRIMARY KEY);
                CREATE TABLE item (id INTEGER PRIMARY KEY, listID INTEGER NOT NULL REFERENCES list(id));
                INSERT INTO list VALUES (1);
                INSERT INTO item VALUES (10, 1);
                """)
        try migrator.registerMigration(
            "2",
            sql: """
                CREATE TABLE newList (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
                INSERT INTO newList (id) SELECT id FROM list;
                DROP TABLE list;
                ALTER TABLE newList RENAME TO list;
                """)
        let database = try Database.inMemory()
        #expect(try migrator.migrate(database) == ["1", "2"])
        var orphaning = migrator
        try orphaning.registerMigration("3", sql: "DELETE FROM list;")
        let error = caught(MigrationError.self) { try orphaning.migrate(database) }
        #expect(
            error?.description
                == "migration 3 leaves rows that violate foreign keys, so it was rolled back: item rowid 10 references a missing list row"
        )
        #expect(try database.read { db in try db.fetchAll(Int.self, "SELECT id FROM list") } == [1])
        // Foreign keys are enforced again afterwards.
        #expect(throws: SQLiteError.self) { try database.write { db in try db.execute("DELETE FROM list") } }
    }

    /// `Migrations/1.sql`, `2.sql`, … from a folder, in numeric order (10 after 9).
    @Test func migrationsFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        for number in 1...10 {
            try directory.write("\(number).sql", "CREATE TABLE t\(number) (id TEXT AS UUID);")
        }
        try directory.write("README.md", "not a migration")
        var migrator = Migrator()
        try migrator.registerMigrations(in: directory.url)
        #expect(migrator.migrations.map(\.name) == (1...10).map { "\($0).sql" })
        #expect(
            migrator.migrations.first?.sql?.annotations.first?.location.file
                == "\(directory.url.lastPathComponent)/1.sql")
        let database = try Database.inMemory(migrator: migrator)
        #expect(try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "codd_migrations""#) } == 10)
    }

    /// Files that break the folder's convention are refused by name.
    @Test func badMigrationFiles() throws {
        let cases: [([String], String)] = [
            (["1.sql", "01.sql"], "two migrations are named "),
            (["1.sql", "second.sql"], "Migrations/second.sql: migration files are named N.sql (1.sql, 2.sql, …)"),
            (["0.sql"], "Migrations/0.sql: migration files are named N.sql (1.sql, 2.sql, …)"),
        ]
        for (files, message) in cases {
            let directory = try TemporaryDirectory()
            defer { directory.cleanUp() }
            let folder = directory.url.appendingPathComponent("Migrations")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try "CREATE TABLE \"\(file)\" (x);".write(
                    to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            var migrator = Migrator()
            let error = caught(MigrationError.self) { try migrator.registerMigrations(in: folder) }
            #expect(error?.description.contains(message) == true, "\(files): \(String(describing: error))")
        }
    }

    /// Six threads, each with its own `Database` on one file, migrating at once: every
    /// migration is applied exactly once.
    @Test func concurrentMigratorsApplyEachMigrationOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var migrator = Migrator()
        try migrator.registerMigration("0", sql: "CREATE TABLE log (n INTEGER NOT NULL);")
        for number in 1...20 {
            try migrator.registerMigration(
                "\(number)", sql: "CREATE TABLE t\(number) (x); INSERT INTO log VALUES (\(number));")
        }
        let path = directory.databasePath
        let finalMigrator = migrator
        let results = Results()
        let group = DispatchGroup()
        for _ in 0..<6 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let database = try Database(path: path)
                    results.append(.success(try finalMigrator.migrate(database)))
                } catch {
                    results.append(.failure(error))
                }
            }.start()
        }
        group.wait()
        let applied = try results.all.flatMap { try $0.get() }
        let expected: [String] = (0...20).map { String($0) }.sorted()
        #expect(applied.sorted() == expected)
        let database = try Database(path: path)
        #expect(
            try database.read { db in try db.fetchAll(Int.self, "SELECT n FROM log ORDER BY rowid") } == Array(1...20))
    }

    /// What the threads of a test report, under a lock.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[String], any Error>] = []

        func append(_ result: Result<[String], any Error>) {
            lock.withLock { results.append(result) }
        }

        var all: [Result<[String], any Error>] {
            lock.withLock { results }
        }
    }

    /// `Database(path:migrator:)` migrates on open; a second open applies nothing.
    @Test func openingMigrates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let migrator = try migrator()
        _ = try Database(path: directory.databasePath, migrator: migrator, validating: [Todo.self])
        let again = try Database(path: directory.databasePath, migrator: migrator)
        #expect(try migrator.migrate(again) == [])
        #expect(try again.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM todo") } == 1)
    }

    /// A folder that skips a number, with no Swift migration taking it: registering works
    /// (the Swift migration may come later), migrating is refused, naming the missing file.
    @Test func aSkippedNumberIsRefusedWhenMigrating() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["1.sql", "3.sql"] {
            try "CREATE TABLE \"t\(file)\" (x);".write(
                to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let migrator = try Migrator(directory: folder)
        let database = try Database.inMemory()
        let error = caught(MigrationError.self) { try migrator.migrate(database) }
        #expect(
            error?.description
                == #"Migrations/2.sql is missing: migrations are numbered 1, 2, … with no number missing (a file N.sql, or a Swift migration registered as "N"), and 3.sql comes after it"#
        )
        #expect(try database.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema") } == 0)
    }

    /// A Swift migration registered under a number takes that place among a folder's
    /// files, registered before or after them: `1.sql`, `2.sql`, `3.sql`, Swift `4`, `5.sql`.
    @Test func aSwiftMigrationTakesItsPlaceInTheFileSequence() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = directory.url.appendingPathComponent("Migrations")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "1.sql": "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL);",
            "2.sql": "INSERT INTO item (title) VALUES ('a'), ('b');",
            "3.sql": "ALTER TABLE item ADD COLUMN slug TEXT;",
            // Needs the slugs Swift migration 4 fills in.
            "5.sql":
                "CREATE UNIQUE INDEX item_slug ON item(slug) WHERE slug IS NOT NULL; CREATE TABLE done (n INTEGER NOT NULL CHECK (n = 2)); INSERT INTO done SELECT count(*) FROM item WHERE slug IS NOT NULL;",
        ]
        for (file, sql) in files {
            try sql.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let fillSlugs: @Sendable (Connection) throws -> Void = { db in
            let titles = try db.fetchAll((Int, String).self, "SELECT id, title FROM item")
            for (id, title) in titles {
                try db.execute("UPDATE item SET slug = ? WHERE id = ?", "\(title)-\(id)", id)
            }
        }
        var after = try Migrator(directory: folder)
        try after.registerMigration("4", body: fillSlugs)
        var before = Migrator()
        try before.registerMigration("4", body: fillSlugs)
        try before.registerMigrations(in: folder)
        for migrator in [after, before] {
            #expect(migrator.migrations.map(\.name) == ["1.sql", "2.sql", "3.sql", "4", "5.sql"])
            #expect(migrator.migrations.map(\.number) == [1, 2, 3, 4, 5])
            let database = try Database.inMemory()
            #expect(try migrator.migrate(database) == ["1.sql", "2.sql", "3.sql", "4", "5.sql"])
            #expect(
                try database.read { db in try db.fetchAll(String.self, "SELECT slug FROM item ORDER BY id") } == [
                    "a-1", "b-2",
                ])
        }

        // A database migrated by the previous version (1–3) gets 4 and 5.sql only.
        var previous = Migrator()
        for file in ["1.sql", "2.sql", "3.sql"] {
            try previous.registerMigration(file, sql: try #require(files[file]))
        }
        let database = try Database(path: directory.databasePath, migrator: previous)
        #expect(try after.migrate(database) == ["4", "5.sql"])

        // A named (not numbered) migration keeps its place of registration.
        var named = try Migrator(directory: folder)
        try named.registerMigration("backfill", body: fillSlugs)
        try named.registerMigration("4") { _ in }
        #expect(named.migrations.map(\.name) == ["1.sql", "2.sql", "3.sql", "4", "5.sql", "backfill"])
    }

    /// A Swift migration and a file of one number are two migrations of that number.
    @Test func aFileAndASwiftMigrationOfOneNumber() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("1.sql", "CREATE TABLE t (x);")
        var migrator = try Migrator(directory: directory.url)
        let error = caught(MigrationError.self) { try migrator.registerMigration("1") { _ in } }
        #expect(error?.description == "two migrations are named 1.sql and 1")
        let leadingZero = caught(MigrationError.self) { try migrator.registerMigration("01") { _ in } }
        #expect(leadingZero?.description == "two migrations are named 1.sql and 01")
    }

    /// A pool migrates at open, before any read; migrating again applies nothing, and
    /// validation runs on the pool.
    @Test func poolsMigrateAndValidate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let migrator = try migrator()
        let pool = try DatabasePool(path: directory.databasePath, migrator: migrator, validating: [Todo.self])
        #expect(try pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM todo") } == 1)
        #expect(try migrator.migrate(pool) == [])
        try pool.validate(Todo.self, schema: migrator.schema)
        let error = caught(SchemaValidationError.self) { try pool.validate(ValidatedReminder.self) }
        #expect(error?.problems.map(\.kind) == [.missingTable])

        // Any DatabaseWriter: the same code migrates a Database and a pool.
        func prepare(_ writer: some DatabaseWriter) throws -> [String] {
            let applied = try migrator.migrate(writer)
            try writer.validate(Todo.self, schema: migrator.schema)
            return applied
        }
        #expect(try prepare(try Database.inMemory()) == ["1", "2"])
        let other = try TemporaryDirectory()
        defer { other.cleanUp() }
        #expect(try prepare(try DatabasePool(path: other.databasePath)) == ["1", "2"])
    }

    /// A pool whose migration fails does not open, and leaves the file as it was.
    @Test func aPoolWhoseMigrationFailsDoesNotOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var migrator = try migrator()
        try migrator.registerMigration("3", sql: "CREATE TABLE broken (x); INSERT INTO missing VALUES (1);")
        let error = caught(MigrationError.self) {
            _ = try DatabasePool(path: directory.databasePath, migrator: migrator)
        }
        #expect(error?.migration == "3")
        let pool = try DatabasePool(path: directory.databasePath)
        #expect(
            try pool.read { db in
                try db.fetchAll(String.self, #"SELECT "name" FROM "codd_migrations" ORDER BY "position""#)
            } == ["1", "2"])
        #expect(
            try pool.read { db in try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE name = 'broken'")
            } == 0)
        let invalid = caught(SchemaValidationError.self) {
            _ = try DatabasePool(
                path: directory.databasePath, migrator: try self.migrator(), validating: [ValidatedReminder.self])
        }
        #expect(invalid?.problems.map(\.kind) == [.missingTable])
    }

    /// The errors of a migrations folder name each migration by its file, as
    /// docs/Schema.md shows them.
    @Test func folderMigrationErrorsNameTheirFiles() throws {
        func folder(_ files: [String: String]) throws -> (TemporaryDirectory, URL) {
            let directory = try TemporaryDirectory()
            let folder = directory.url.appendingPathComponent("Migrations")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (file, sql) in files {
                try sql.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            return (directory, folder)
        }
        let schema = [
            "1.sql": "CREATE TABLE list (id INTEGER PRIMARY KEY);",
            "2.sql":
                "CREATE TABLE item (id INTEGER PRIMARY KEY, listID INTEGER NOT NULL REFERENCES list(id)); INSERT INTO list VALUES (1); INSERT INTO item VALUES (10, 1);",
            "3.sql": "CREATE TABLE extra (x);",
        ]
        let (directory, migrations) = try folder(schema)
        defer { directory.cleanUp() }
        let database = try Database.inMemory(migrator: try Migrator(directory: migrations))

        // Changed after it was applied.
        try "CREATE TABLE list (id INTEGER PRIMARY KEY, title TEXT);".write(
            to: migrations.appendingPathComponent("1.sql"), atomically: true, encoding: .utf8)
        let changed = caught(MigrationError.self) { try Migrator(directory: migrations).migrate(database) }
        #expect(
            changed?.description.hasPrefix("migration 1.sql was changed after it was applied (applied checksum ")
                == true)
        try schema["1.sql"]?.write(to: migrations.appendingPathComponent("1.sql"), atomically: true, encoding: .utf8)

        // Applied by a newer version.
        try FileManager.default.removeItem(at: migrations.appendingPathComponent("3.sql"))
        let unknown = caught(MigrationError.self) { try Migrator(directory: migrations).migrate(database) }
        #expect(
            unknown?.description
                == "the database has applied migration 3.sql, which this migrator does not have (was it migrated by a newer version of the app, or was the migration renamed?)"
        )

        // Foreign keys broken by a migration.
        try "DELETE FROM list;".write(to: migrations.appendingPathComponent("3.sql"), atomically: true, encoding: .utf8)
        let (freshDirectory, freshFolder) = try folder([
            "1.sql": try #require(schema["1.sql"]), "2.sql": try #require(schema["2.sql"]),
        ])
        defer { freshDirectory.cleanUp() }
        let fresh = try Database.inMemory(migrator: try Migrator(directory: freshFolder))
        let orphans = caught(MigrationError.self) { try Migrator(directory: migrations).migrate(fresh) }
        #expect(
            orphans?.description
                == "migration 3.sql leaves rows that violate foreign keys, so it was rolled back: item rowid 10 references a missing list row"
        )

        // A failing statement, by its line.
        try
            "CREATE TABLE done (id INTEGER PRIMARY KEY);\nINSERT INTO done VALUES (1);\nDELETE FROM item;\nINSERT INTO missing VALUES (1);"
            .write(
                to: migrations.appendingPathComponent("3.sql"), atomically: true, encoding: .utf8)
        let failed = caught(MigrationError.self) { try Migrator(directory: migrations).migrate(fresh) }
        #expect(
            failed?.description.hasPrefix("Migrations/3.sql:4:1: migration 3.sql failed and was rolled back: ") == true)

        // Refused when registered.
        let (transactionDirectory, transaction) = try folder([
            "1.sql": "CREATE TABLE a (x);\nBEGIN;\nCREATE TABLE b (x);\nCOMMIT;"
        ])
        defer { transactionDirectory.cleanUp() }
        let control = caught(MigrationError.self) { _ = try Migrator(directory: transaction) }
        #expect(
            control?.description
                == "Migrations/1.sql:2:1: migration 1.sql controls a transaction itself; the migrator runs each migration in its own transaction, so remove BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE"
        )
        let (annotationDirectory, annotation) = try folder([
            "1.sql": "CREATE TABLE a (x TEXT AS UUID);", "2.sql": "CREATE TABLE b (\n  at BLOB AS Date\n);",
        ])
        defer { annotationDirectory.cleanUp() }
        let badAnnotation = caught(MigrationError.self) { _ = try Migrator(directory: annotation) }
        #expect(
            badAnnotation?.description
                == "migration 2.sql: Migrations/2.sql:2:6: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)"
        )
        let (duplicateDirectory, duplicate) = try folder([
            "1.sql": "CREATE TABLE a (x);", "01.sql": "CREATE TABLE b (x);",
        ])
        defer { duplicateDirectory.cleanUp() }
        let twice = caught(MigrationError.self) { _ = try Migrator(directory: duplicate) }
        #expect(twice?.description == "two migrations are named 01.sql and 1.sql")
    }
}
