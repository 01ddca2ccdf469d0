import Codd
import Foundation
import Testing

/// Synchronous and asynchronous accesses mixed on one connection: tasks wait in the same
/// queue as threads, suspended (no thread blocked), and a cancelled task leaves the queue at
/// once, whoever holds the connection.
@Suite("mixed synchronous and asynchronous access")
struct MixedAccessTests {
    /// The writers under test: a `Database` and a pool's writer.
    static func writers() throws -> [(name: String, writer: any DatabaseWriter, waiters: @Sendable () -> Int)] {
        let database = try makeFileDatabase()
        let pool = try makePool()
        return [
            ("Database", database, { database.accessWaiterCount }),
            ("DatabasePool", pool, { pool.writerWaiterCount }),
        ]
    }

    /// A thread that holds a synchronous write until `release` (or 120 s): returns once the
    /// write has begun. The bound only keeps a broken test from hanging: on a loaded 2-core
    /// machine, with the tests running in parallel, queuing 64 tasks once took 20 s, and a
    /// holder that gave up then emptied the queue before the test had seen it full.
    static func holdWrite(on writer: any DatabaseWriter, until release: Barrier) {
        let holding = Barrier(2)
        Thread {
            _ = try? writer.write { db in
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('held')"#)
                _ = holding.arrive()
                _ = release.arrive(timeout: 120)
            }
        }.start()
        _ = holding.arrive()
    }

    @Test func aCancelledAsyncWriteBehindASynchronousWriteReturnsAtOnce() async throws {
        for (name, writer, waiters) in try Self.writers() {
            let release = Barrier(2)
            Self.holdWrite(on: writer, until: release)
            let waiter = Task { () -> Result<Date, any Error> in
                do {
                    try await writer.asyncWrite { db in
                        try db.execute(#"INSERT INTO "items" ("name") VALUES ('cancelled')"#)
                    }
                    return .failure(ExpectedFailure())
                } catch {
                    return error is CancellationError ? .success(Date()) : .failure(error)
                }
            }
            #expect(try await waitUntil { waiters() == 1 }, "\(name)")
            let cancelled = Date()
            waiter.cancel()
            // The holder keeps the write until after this check: a waiter that stayed in line
            // would return only when the holder gives up, 120 s later, with the connection.
            let returned = try await waiter.value.get()
            #expect(
                returned.timeIntervalSince(cancelled) < 2,
                "\(name): returned \(returned.timeIntervalSince(cancelled)) s after the cancel")
            #expect(waiters() == 0, "\(name)")
            _ = release.arrive()
            // The cancelled write never ran; the next one does.
            try await writer.asyncWrite { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('after')"#) }
            #expect(
                try writer.read { db in try db.fetchAll(String.self, #"SELECT "name" FROM "items" ORDER BY "id""#) }
                    == ["held", "after"], "\(name)")
        }
    }

    @Test func tasksWaitingBehindAThreadBlockNoThread() async throws {
        for (name, writer, waiters) in try Self.writers() {
            let release = Barrier(2)
            Self.holdWrite(on: writer, until: release)
            // More tasks than the machine has threads for them: each is queued, suspended.
            let count = 64
            let tasks = (0..<count).map { index in
                Task {
                    try await writer.asyncWrite { db in
                        try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "task \(index)")
                    }
                }
            }
            #expect(try await waitUntil { waiters() == count }, "\(name): \(waiters()) waiting")
            // A synchronous write queued behind them gets its turn after them, in arrival order.
            let seen = Locked<Int?>(nil)
            let group = DispatchGroup()
            group.enter()
            Thread {
                seen.withValue {
                    $0 = try? writer.write { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) }
                }
                group.leave()
            }.start()
            #expect(try await waitUntil { waiters() == count + 1 }, "\(name)")
            _ = release.arrive()
            for task in tasks { try await task.value }
            await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
            #expect(seen.current == count + 1, "\(name)")
            #expect(
                try writer.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == count + 1,
                "\(name)")
        }
    }

    @Test func aNestedSynchronousAccessInsideAnAsyncOneIsRefused() async throws {
        let database = try makeFileDatabase()
        await #expect(throws: SQLiteError.self) {
            try await database.asyncWrite { _ in try database.read { _ in } }
        }
        #expect(throws: SQLiteError.self) { try database.write { _ in try database.write { _ in } } }
        // The database is usable afterwards.
        #expect(try await database.asyncRead { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
    }
}
