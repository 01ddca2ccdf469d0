import CSQLite
import Codd
import Foundation
import Testing

@Suite("DatabasePool: one writer, parallel readers")
struct DatabasePoolTests {
    @Test func readersRunInParallel() async throws {
        let pool = try makePool(readers: 4)
        let barrier = Barrier(4)
        let allInside = Locked(0)
        await onThreads(4) { _ in
            // Each read waits inside its transaction until all four are inside: only
            // four connections reading at once get there.
            let arrived = (try? pool.read { _ in barrier.arrive() }) ?? false
            if arrived { allInside.withValue { $0 += 1 } }
        }
        #expect(allInside.current == 4)
    }

    @Test func aReadSeesOneCommittedSnapshot() throws {
        let pool = try makePool()
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('a')"#) }
        let (before, after) = try pool.read { db in
            let before = try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#)
            // A commit while the read transaction is open: the read does not see it.
            try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('b')"#) }
            let after = try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#)
            return (before, after)
        }
        #expect(before == 1)
        #expect(after == 1)
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 2)
    }

    @Test func readersRefuseWrites() throws {
        let pool = try makePool()
        let error = #expect(throws: SQLiteError.self) {
            try pool.read { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('x')"#) }
        }
        #expect(error?.code == .readOnly)
    }

    @Test func theConfigurationPreparesEveryConnection() async throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute("PRAGMA cache_size = -1234")
            try db.add(function: ClosureFunction<Int, Int>(name: "triple") { $0 * 3 })
        }
        let pool = try makePool(readers: 3, configuration: configuration)
        let barrier = Barrier(3)
        let results = Locked<[[Int?]]>([])
        await onThreads(3) { _ in
            let row = try? pool.read { db -> [Int?] in
                _ = barrier.arrive()  // three different readers
                return [
                    try db.fetchOne(Int.self, "PRAGMA cache_size"),
                    try db.fetchOne(Int.self, "SELECT triple(?)", 14),
                    try db.fetchOne(Int.self, "PRAGMA query_only"),
                ]
            }
            results.withValue { $0.append(row ?? []) }
        }
        #expect(results.current == Array(repeating: [-1234, 42, 1], count: 3))
        let writer = try pool.write { db in
            [try db.fetchOne(Int.self, "PRAGMA cache_size"), try db.fetchOne(Int.self, "SELECT triple(?)", 2)]
        }
        #expect(writer == [-1234, 6])
        #expect(try pool.read { db in try db.fetchOne(String.self, "PRAGMA journal_mode") } == "wal")
    }

    @Test(arguments: [":memory:", "", "file::memory:", "file:shared?mode=memory&cache=shared"])
    func anInMemoryPathIsRefused(path: String) throws {
        let error = #expect(throws: DatabasePoolError.self) { try DatabasePool(path: path) }
        #expect(error == .inMemoryDatabase(path: path))
        #expect(error?.description.contains("Database.inMemory()") == true)
    }

    @Test func otherConfigurationsAreRefused() throws {
        var configuration = Configuration()
        configuration.journalMode = .delete
        #expect(throws: DatabasePoolError.requiresWAL) {
            try DatabasePool(path: try temporaryDatabasePath(), configuration: configuration)
        }
        #expect(throws: DatabasePoolError.invalidReaderCount(0)) {
            try DatabasePool(path: try temporaryDatabasePath(), maximumReaderCount: 0)
        }
    }

    @Test func userCodeIsGenericOverDatabaseAndPool() async throws {
        func addAndCount(_ database: some DatabaseWriter, _ name: String) async throws -> Int {
            try await database.asyncWrite { db in try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, name) }
            return try await database.asyncRead { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) ?? 0
            }
        }
        let writers: [any DatabaseWriter] = [try makeFileDatabase(), try makePool()]
        for database in writers {
            #expect(try await addAndCount(database, "it's -- 🎉") == 1)
            #expect(
                try database.read { db in try db.fetchOne(String.self, #"SELECT "name" FROM "items""#) } == "it's -- 🎉")
        }
    }

    @Test func manyReadsWaitForFewReaders() async throws {
        let pool = try makePool(readers: 2)
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('a')"#) }
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await pool.asyncRead { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) ?? 0 }
                }
            }
            var total = 0
            for try await count in group { total += count }
            return total
        }
        #expect(total == 40)
    }
}
