import Codd
import Dispatch
import Foundation
import Testing

/// A pool on a fresh file with an `items` table and an `other` table.
func makePool(readers: Int = 4, configuration: Configuration = Configuration()) throws -> DatabasePool {
    let pool = try DatabasePool(
        path: try temporaryDatabasePath(), configuration: configuration, maximumReaderCount: readers)
    try pool.write { db in
        try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
        try db.execute(#"CREATE TABLE "other" ("id" INTEGER PRIMARY KEY, "v" INTEGER)"#)
    }
    return pool
}

/// A single-connection database on a fresh file, with the same tables.
func makeFileDatabase() throws -> Database {
    let database = try Database(path: try temporaryDatabasePath())
    try database.write { db in
        try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
        try db.execute(#"CREATE TABLE "other" ("id" INTEGER PRIMARY KEY, "v" INTEGER)"#)
    }
    return database
}

/// A value several threads and tasks update, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // Safe: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withValue { $0 } }
}

/// A counting gate: `arrive()` blocks until `count` threads have arrived, or the timeout.
final class Barrier: @unchecked Sendable {
    // Safe: `arrived` is read and written only while `condition` is held.
    private let condition = NSCondition()
    private var arrived = 0
    private let count: Int

    init(_ count: Int) { self.count = count }

    /// Whether everyone arrived within `timeout`.
    func arrive(timeout: TimeInterval = 10) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while arrived < count {
            if !condition.wait(until: deadline) { return arrived >= count }
        }
        return true
    }
}

/// Runs `body` on `count` new threads and waits for them (without blocking the task).
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    await withCheckedContinuation { continuation in
        group.notify(queue: .global()) { continuation.resume() }
    }
}

/// Waits (polling) until `condition` holds, up to `seconds`. The deadline is generous on
/// purpose: it returns as soon as the condition holds, and the whole suite runs in parallel
/// on a cooperative pool as wide as the machine's cores (two in CI), which long synchronous
/// tests can occupy for seconds.
func waitUntil(seconds: Double = 60, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

struct ExpectedFailure: Error, Equatable {}

/// A statement that runs for minutes unless interrupted.
let longStatement =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000000) SELECT count(*) FROM c"
