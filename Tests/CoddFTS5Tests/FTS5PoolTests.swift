import Codd
import CoddFTS5SQLite
import Foundation
import Testing

/// A pool registers Swift tokenizers on every connection it opens, and observes FTS5
/// tables (their writes reach SQLite's update hook as writes to their shadow tables).
@Suite("FTS5 on a DatabasePool")
struct FTS5PoolTests {
    static func makePool() throws -> DatabasePool {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("codd-fts5-pool-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.registerICUTokenizer() }
        let pool = try DatabasePool(
            path: directory.appendingPathComponent("search.sqlite").path, configuration: configuration,
            maximumReaderCount: 3)
        try pool.write { db in
            try db.execute(#"CREATE VIRTUAL TABLE "snippets" USING fts5("body", tokenize = 'icu')"#)
            try db.execute(#"CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "body" TEXT)"#)
        }
        return pool
    }

    static let search = #"SELECT "body" FROM "snippets" WHERE "snippets" MATCH ? ORDER BY "rowid""#

    @Test func everyReaderHasTheTokenizer() async throws {
        let pool = try Self.makePool()
        try pool.write { db in try db.execute(#"INSERT INTO "snippets" ("body") VALUES ('東京都に住んでいます')"#) }
        let found = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<9 {
                group.addTask { try await pool.asyncRead { db in try db.fetchAll(String.self, Self.search, "東京") } }
            }
            var found: [[String]] = []
            for try await rows in group { found.append(rows) }
            return found
        }
        let everyReader: [[String]] = Array(repeating: ["東京都に住んでいます"], count: 9)
        #expect(found == everyReader)
    }

    @Test func searchResultsAreObserved() async throws {
        let pool = try Self.makePool()
        let fetches = LockedCount()
        var results = pool.observe { db in
            fetches.increment()
            return try db.fetchAll(String.self, Self.search, "北京")
        }.makeAsyncIterator()
        #expect(try await results.next() == [])
        try pool.write { db in try db.execute(#"INSERT INTO "notes" ("body") VALUES ('北京')"#) }  // another table
        try pool.write { db in try db.execute(#"INSERT INTO "snippets" ("body") VALUES ('我爱北京天安门')"#) }
        #expect(try await results.next() == ["我爱北京天安门"])
        #expect(fetches.value == 2)
    }
}

final class LockedCount: @unchecked Sendable {
    // Safe: `count` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
