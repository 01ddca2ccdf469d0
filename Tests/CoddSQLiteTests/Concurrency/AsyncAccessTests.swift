import Codd
import Foundation
import Testing

@Suite("async read and write: waiting without blocking, cancellation")
struct AsyncAccessTests {
    @Test func asyncFormsOnADatabase() async throws {
        let database = try makeFileDatabase()
        let id = try await database.asyncWrite { db in
            try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "O'Brien\u{0}--")
            return db.lastInsertedRowID
        }
        let name = try await database.asyncRead { db in
            try db.fetchOne(String.self, #"SELECT "name" FROM "items" WHERE "id" = ?"#, id)
        }
        #expect(name == "O'Brien\u{0}--")
        // The synchronous forms stay, and still refuse writes in a read.
        #expect(throws: SQLiteError.self) {
            try database.read { db in try db.execute(#"DELETE FROM "items""#) }
        }
        await #expect(throws: SQLiteError.self) {
            try await database.asyncRead { db in try db.execute(#"DELETE FROM "items""#) }
        }
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let pool = try makePool(readers: 1)
        let holding = Barrier(2)
        let release = Barrier(2)
        // A thread holds the only reader until the test releases it. Its wait is longer than
        // anything below can take: with Barrier's default 10 s, a waiter task delayed that
        // long on a loaded cooperative pool found the reader idle again and never queued.
        let holder = Thread {
            _ = try? pool.read { _ in
                _ = holding.arrive()
                _ = release.arrive(timeout: 300)
            }
        }
        holder.start()
        _ = holding.arrive()
        let waiter = Task { try await pool.asyncRead { db in try db.fetchOne(Int.self, "SELECT 1") } }
        #expect(try await waitUntil { pool.readerWaiterCount == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(pool.readerWaiterCount == 0)
        _ = release.arrive()
        // The reader goes to the next caller, not to the cancelled one.
        #expect(try await pool.asyncRead { db in try db.fetchOne(Int.self, "SELECT 2") } == 2)
    }

    @Test func aCancelledStatementIsInterrupted() async throws {
        let pool = try makePool()
        let database = try makeFileDatabase()
        let readers: [any DatabaseWriter] = [pool, database]
        for reader in readers {
            let started = Date()
            let task = Task { try await reader.asyncRead { db in try db.fetchOne(Int.self, longStatement) } }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            // Uninterrupted, the statement runs for minutes; the bound leaves room for a
            // cooperative pool that other tests keep busy (see `waitUntil`).
            #expect(Date().timeIntervalSince(started) < 60)
            // The connection is usable afterwards.
            #expect(try await reader.asyncRead { db in try db.fetchOne(Int.self, "SELECT 3") } == 3)
        }
    }

    @Test func aCancelledWriteRollsBack() async throws {
        let pool = try makePool()
        let task = Task {
            try await pool.asyncWrite { db in
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('written before the cancel')"#)
                return try db.fetchOne(Int.self, longStatement)
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)
        try await pool.asyncWrite { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('after')"#) }
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 1)
    }

    @Test func anAlreadyCancelledTaskDoesNotRun() async throws {
        let database = try makeFileDatabase()
        let ran = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await database.asyncWrite { db in
                ran.withValue { $0 = true }
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('x')"#)
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.current == false)
        #expect(try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)
    }

    @Test func syncAndAsyncCallersShareTheDatabase() async throws {
        let database = try makeFileDatabase()
        async let fromThreads: Void = onThreads(4) { thread in
            for index in 0..<25 {
                _ = try? database.write { db in
                    try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "t\(thread)-\(index)")
                }
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        try await database.asyncWrite { db in
                            try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "a\(task)-\(index)")
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        await fromThreads
        #expect(
            try database.read { db in try db.fetchOne(Int.self, #"SELECT count(DISTINCT "name") FROM "items""#) } == 200
        )
    }
}
