import Codd
import Dispatch
import Foundation
import GRDB

// Workloads of issue #13: Codd's `DatabasePool` against GRDB's, on the same WAL file and data.
//
// - Parallel reads: a fixed number of read accesses, each a read transaction fetching 100
//   rows into a struct, split between 1, 2 and 4 threads on pools of that many readers;
//   the time for all of them (ns per read access).
// - Observation latency: an observation of `count(*)` kept running; each change writes one
//   row (an async write) and waits until the observation delivers the count that includes
//   it (ns per change: write, commit, refetch on a reader, delivery to the awaiting task).

@Table("poolItems")
struct PoolItem {
    let id: Int
    var title: String
    var score: Double
}

/// The same row for GRDB, decoded by position as GRDB's fastest records are.
struct GRDBPoolItem: FetchableRecord {
    var id: Int
    var title: String
    var score: Double

    init(row: GRDB.Row) {
        id = row[0]
        title = row[1]
        score = row[2]
    }
}

enum PoolWorkload {
    static let rangeSQL = #"SELECT "id", "title", "score" FROM "poolItems" WHERE "id" >= ? AND "id" < ?"#
    static let countSQL = #"SELECT count(*) FROM "poolEvents""#
    static let insertSQL = #"INSERT INTO "poolEvents" ("at") VALUES (1)"#
    static let rowsPerRead = 100

    static func workloads(directory: URL, rows: Int, reads: Int, changes: Int) throws -> [Workload] {
        let path = directory.appendingPathComponent("pool.sqlite").path
        let setup = try Codd.Database(path: path)
        try setup.write { db in
            try db.execute(
                #"CREATE TABLE "poolItems" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "score" REAL NOT NULL)"#)
            try db.execute(#"CREATE TABLE "poolEvents" ("id" INTEGER PRIMARY KEY, "at" INTEGER NOT NULL)"#)
            for id in 1...rows {
                try db.execute(
                    #"INSERT INTO "poolItems" ("id", "title", "score") VALUES (?, ?, ?)"#, id, "item \(id)",
                    Double(id) / 10)
            }
        }
        let span = max(1, rows - rowsPerRead)

        var workloads: [Workload] = []
        for readers in [1, 2, 4] {
            let codd = try Codd.DatabasePool(path: path, maximumReaderCount: readers)
            var configuration = GRDB.Configuration()
            configuration.maximumReaderCount = readers
            let grdb = try GRDB.DatabasePool(path: path, configuration: configuration)
            workloads.append(
                Workload(
                    name:
                        "pool reads ×\(reads) (\(rowsPerRead) rows each), \(readers) reader\(readers == 1 ? "" : "s")",
                    rows: reads, floor: "GRDB DatabasePool", grdb: "GRDB DatabasePool",
                    contenders: [
                        Contender(name: "Codd DatabasePool") {
                            try onThreads(readers) { thread in
                                var sum = 0
                                for index in stride(from: thread, to: reads, by: readers) {
                                    let low = lower(index, span: span)
                                    let items = try codd.read { db in
                                        try db.fetchAll(PoolItem.self, rangeSQL, low, low + rowsPerRead)
                                    }
                                    for item in items { sum &+= item.id &+ item.title.utf8.count }
                                }
                                return sum
                            }
                        },
                        Contender(name: "GRDB DatabasePool") {
                            try onThreads(readers) { thread in
                                var sum = 0
                                for index in stride(from: thread, to: reads, by: readers) {
                                    let low = lower(index, span: span)
                                    let items = try grdb.read { db in
                                        try GRDBPoolItem.fetchAll(
                                            db, sql: rangeSQL, arguments: [low, low + rowsPerRead])
                                    }
                                    for item in items { sum &+= item.id &+ item.title.utf8.count }
                                }
                                return sum
                            }
                        },
                    ]
                ))
        }

        // Observation: each side writes through its own pool, which its observation watches.
        // GRDB sets `PRAGMA synchronous = NORMAL` in WAL mode (no fsync at commit); Codd keeps
        // SQLite's default, FULL (an fsync of the WAL per commit, durable on power loss):
        // Codd is measured both ways.
        var normal = Codd.Configuration()
        normal.prepareDatabase { db in try db.execute("PRAGMA synchronous = NORMAL") }
        let coddFull = try Codd.DatabasePool(path: path, maximumReaderCount: 2)
        let coddNormal = try Codd.DatabasePool(path: path, configuration: normal, maximumReaderCount: 2)
        let coddFullValues = IteratorBox(
            coddFull.observe { db in try db.fetchOne(Int.self, countSQL) ?? 0 }.makeAsyncIterator())
        let coddNormalValues = IteratorBox(
            coddNormal.observe { db in try db.fetchOne(Int.self, countSQL) ?? 0 }.makeAsyncIterator())
        var configuration = GRDB.Configuration()
        configuration.maximumReaderCount = 2
        let grdb = try GRDB.DatabasePool(path: path, configuration: configuration)
        let grdbObservation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: countSQL) ?? 0 }
        let grdbValues = IteratorBox(grdbObservation.values(in: grdb).makeAsyncIterator())
        // The first values: the observations are running before any change is timed.
        _ = try blocking { try await coddFullValues.iterator.next() }
        _ = try blocking { try await coddNormalValues.iterator.next() }
        _ = try blocking { try await grdbValues.iterator.next() }
        func coddChanges(_ pool: Codd.DatabasePool, _ values: IteratorBox<DatabaseObservation<Int>.AsyncIterator>)
            throws -> Int
        {
            try blocking {
                for _ in 0..<changes {
                    let expected = try await pool.asyncWrite { db in
                        try db.execute(insertSQL)
                        return try db.fetchOne(Int.self, countSQL) ?? 0
                    }
                    while let value = try await values.iterator.next(), value < expected {}
                }
                return changes
            }
        }
        workloads.append(
            Workload(
                name: "pool observation latency ×\(changes) (write one row → its count delivered)",
                rows: changes, floor: "GRDB ValueObservation", grdb: "GRDB ValueObservation",
                contenders: [
                    Contender(name: "Codd observe (synchronous FULL, Codd's default)") {
                        try coddChanges(coddFull, coddFullValues)
                    },
                    Contender(name: "Codd observe (synchronous NORMAL, as GRDB)") {
                        try coddChanges(coddNormal, coddNormalValues)
                    },
                    // The writes alone, observed by nobody: how much of the latency is the write.
                    Contender(name: "Codd asyncWrite alone (NORMAL, no wait)") {
                        try blocking {
                            for _ in 0..<changes {
                                try await coddNormal.asyncWrite { db in
                                    try db.execute(#"INSERT INTO "poolItems" ("title", "score") VALUES ('w', 0)"#)
                                }
                            }
                            return changes
                        }
                    },
                    Contender(name: "GRDB async write alone (no wait)") {
                        try blocking {
                            for _ in 0..<changes {
                                try await grdb.write { db in
                                    try db.execute(sql: #"INSERT INTO "poolItems" ("title", "score") VALUES ('w', 0)"#)
                                }
                            }
                            return changes
                        }
                    },
                    Contender(name: "GRDB ValueObservation") {
                        try blocking {
                            for _ in 0..<changes {
                                let expected = try await grdb.write { db in
                                    try db.execute(sql: insertSQL)
                                    return try Int.fetchOne(db, sql: countSQL) ?? 0
                                }
                                while let value = try await grdbValues.iterator.next(), value < expected {}
                            }
                            return changes
                        }
                    },
                ]
            ))
        return workloads
    }

    /// The first row of read number `index`: reads spread over the table.
    static func lower(_ index: Int, span: Int) -> Int { (index &* 7_919) % span + 1 }

    /// Runs `body(thread)` on `count` threads at once; the sum of their results.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Int) throws -> Int {
        let group = DispatchGroup()
        let results = Outcomes()
        for thread in 0..<count {
            group.enter()
            Thread {
                results.add(Swift.Result { try body(thread) })
                group.leave()
            }.start()
        }
        group.wait()
        return try results.all.reduce(0) { try $0 &+ $1.get() }
    }

    /// Waits on this thread for an async body (the harness's contenders are synchronous).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Outcome<T>()
        Task.detached {
            do {
                outcome.set(.success(try await body()))
            } catch {
                outcome.set(.failure(error))
            }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.get() else { throw BenchmarkError("an async contender returned nothing") }
        return try result.get()
    }
}

/// An async iterator used by one contender at a time, across its runs.
final class IteratorBox<Iterator>: @unchecked Sendable {
    var iterator: Iterator
    init(_ iterator: Iterator) { self.iterator = iterator }
}

/// The results of threads, gathered under a lock.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Swift.Result<Int, any Error>] = []
    func add(_ result: Swift.Result<Int, any Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }
    var all: [Swift.Result<Int, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// One async result, handed to a waiting thread.
final class Outcome<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Swift.Result<T, any Error>?
    func set(_ result: Swift.Result<T, any Error>) {
        lock.lock()
        self.result = result
        lock.unlock()
    }
    func get() -> Swift.Result<T, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
