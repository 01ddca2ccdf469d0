import Codd
import Foundation
import Testing

/// A synchronous read nested in a read of the same pool or database, on the same thread,
/// is a typed error at once: never a silent deadlock, whatever the number of free readers.
@Suite("Nested reads", .timeLimit(.minutes(1)))
struct NestedReadTests {
    @Test(arguments: [1, 4])
    func aReadNestedInAPoolReadIsRefused(readers: Int) throws {
        let pool = try makePool(readers: readers)
        let error = #expect(throws: SQLiteError.self) {
            try pool.read { _ in try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
        }
        #expect(error?.code == .misuse)
        #expect(error?.message.contains("already being read on this thread") == true)
        // The outer read gave its reader back: every reader is free again.
        for _ in 0..<readers + 1 {
            #expect(try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
        }
    }

    @Test func aReadNestedInAnAsyncReadBodyIsRefused() async throws {
        let pool = try makePool(readers: 1)
        let error = await #expect(throws: SQLiteError.self) {
            try await pool.asyncRead { _ in try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
        }
        #expect(error?.code == .misuse)
        #expect(try await pool.asyncRead { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
    }

    /// Writes and reads nest across the pool's separate connections; reads on other
    /// threads go on while one thread reads.
    @Test func writesAndOtherThreadsAreNotNestedReads() throws {
        let pool = try makePool(readers: 2)
        try pool.read { _ in
            try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('from a read')"#) }
            let other = Locked<Int?>(nil)
            let done = Barrier(2)
            let thread = Thread {
                other.withValue {
                    $0 = try? pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) }
                }
                _ = done.arrive()
            }
            thread.start()
            #expect(done.arrive())
            #expect(other.current == 1)
        }
        #expect(
            try pool.write { db in
                try pool.read { inner in try inner.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) }
            } == 1)
    }

    @Test func aReadNestedInADatabaseReadIsRefused() throws {
        let database = try makeFileDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try database.read { _ in try database.read { db in try db.fetchOne(Int.self, "SELECT 1") } }
        }
        #expect(error?.code == .misuse)
        #expect(try database.read { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
    }
}
