import Codd
import Foundation
import Testing

/// docs/Concurrency.md, block by block, on a file in a fresh temporary directory.
@Suite("docs/Concurrency.md examples")
struct ConcurrencyGuideExampleTests {
    let path: String

    init() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("codd-concurrency-guide-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("reminders.sqlite").path
    }

    @Test func theGuide() async throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // Runs on every connection the pool opens: the writer and each reader.
            try db.execute("PRAGMA cache_size = -8000")
        }
        let pool = try DatabasePool(path: path, configuration: configuration, maximumReaderCount: 4)
        try pool.write { db in
            try db.execute(#"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "reminders" ("title") VALUES (?)"#, "Buy milk")
        }
        #expect(try pool.read { db in try db.fetchOne(Int.self, "PRAGMA cache_size") } == -8000)

        let (before, after) = try pool.read { db in
            let before = try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#)
            try pool.write { db in try db.execute(#"INSERT INTO "reminders" ("title") VALUES ('Call mom')"#) }
            let after = try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#)
            return (before, after)
        }
        #expect(before == 1 && after == 1)  // the read's snapshot
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "reminders""#) } == 2)

        struct SkippedImport: Error {}
        try pool.write { db in
            try db.execute(#"INSERT INTO "reminders" ("title") VALUES ('Kept')"#)
            try? db.savepoint { db in
                try db.execute(#"INSERT INTO "reminders" ("title") VALUES ('Undone')"#)
                throw SkippedImport()
            }
        }
        #expect(
            try pool.read { db in
                try db.fetchAll(String.self, #"SELECT "title" FROM "reminders" WHERE "title" IN ('Kept', 'Undone')"#)
            } == ["Kept"])

        func titles(in database: some DatabaseReader) async throws -> [String] {
            try await database.asyncRead { db in
                try db.fetchAll(String.self, #"SELECT "title" FROM "reminders" ORDER BY "title""#)
            }
        }

        try await pool.asyncWrite { db in
            try db.execute(#"INSERT INTO "reminders" ("title") VALUES (?)"#, "Renew passport")
        }
        #expect(try await titles(in: pool) == ["Buy milk", "Call mom", "Kept", "Renew passport"])
        #expect(try await titles(in: Database(path: path)) == ["Buy milk", "Call mom", "Kept", "Renew passport"])

        let counting = Task {
            try await pool.asyncRead { db in
                try db.fetchOne(
                    Int.self,
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000000) SELECT count(*) FROM c"
                )
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        counting.cancel()
        await #expect(throws: CancellationError.self) { try await counting.value }
    }
}
