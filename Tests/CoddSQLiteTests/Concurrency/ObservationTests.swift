import Codd
import Foundation
import Testing

@Table("observed_items") struct ObservedItem: Equatable, Sendable {
    let id: Int
    var name: String
}

@Suite("Observation of queries")
struct ObservationTests {
    static let count = #"SELECT count(*) FROM "items""#

    @Test(arguments: [false, true])
    func yieldsNowAndAfterCommitsToTheTablesItReads(pool usesPool: Bool) async throws {
        let database: any DatabaseWriter = usesPool ? try makePool() : try makeFileDatabase()
        let fetches = Locked(0)
        var iterator = database.observe { db in
            fetches.withValue { $0 += 1 }
            return try db.fetchOne(Int.self, Self.count) ?? 0
        }.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        // Another table: no fetch.
        try await database.asyncWrite { db in try db.execute(#"INSERT INTO "other" ("v") VALUES (1)"#) }
        try database.write { db in try db.execute(#"UPDATE "other" SET "v" = 2"#) }
        // A rolled-back write to the observed table: no fetch either.
        _ = try? database.write { db in
            try db.execute(#"INSERT INTO "items" ("name") VALUES ('rolled back')"#)
            throw ExpectedFailure()
        }
        try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('a'), ('b')"#) }
        #expect(try await iterator.next() == 2)
        #expect(fetches.current == 2)
    }

    @Test func removeDuplicatesSkipsEqualValues() async throws {
        let pool = try makePool()
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("id", "name") VALUES (1, 'a')"#) }
        let fetches = Locked(0)
        var iterator = pool.observe { db in
            fetches.withValue { $0 += 1 }
            return try db.fetchAll(String.self, #"SELECT "name" FROM "items" ORDER BY "id""#)
        }.removeDuplicates().makeAsyncIterator()
        #expect(try await iterator.next() == ["a"])
        // Changes the table, not the result: fetched, not yielded.
        try pool.write { db in try db.execute(#"UPDATE "items" SET "name" = 'a'"#) }
        #expect(try await waitUntil { fetches.current == 2 })
        try pool.write { db in try db.execute(#"UPDATE "items" SET "name" = 'b'"#) }
        #expect(try await iterator.next() == ["b"])
    }

    @Test(arguments: [false, true])
    func concurrentWritersTheLastValueIsTheFinalState(pool usesPool: Bool) async throws {
        let database: any DatabaseWriter = usesPool ? try makePool() : try makeFileDatabase()
        let seen = Locked<[Int]>([])
        // The observation starts while writers are already writing: nothing between the
        // first fetch and the subscription may be missed.
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        for index in 0..<25 {
                            try await database.asyncWrite { db in
                                try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "\(writer)-\(index)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let observer = Task {
            for try await count in database.observe({ db in try db.fetchOne(Int.self, Self.count) ?? 0 }) {
                seen.withValue { $0.append(count) }
                if count == 100 { break }
            }
        }
        try await writers.value
        // Ends when the final state is seen; a missed change would leave it waiting.
        let finished = try await waitUntil(seconds: 20) { seen.current.last == 100 }
        observer.cancel()
        #expect(finished)
        #expect(seen.current == seen.current.sorted())  // never an older state after a newer one
    }

    /// docs/Observation.md: "a slow consumer skips intermediate values, never the latest
    /// one", values arrive in commit order, and after a write `next()` can return at most two
    /// values fetched before it (one waiting to be delivered, one being fetched), then the
    /// write's.
    @Test(arguments: [false, true])
    func aSlowConsumerGetsTheLatestValueAndAtMostTwoOlder(pool usesPool: Bool) async throws {
        let database: any DatabaseWriter = usesPool ? try makePool() : try makeFileDatabase()
        let fetched = Locked<[Int]>([])
        var counts = database.observe { db in
            let count = try db.fetchOne(Int.self, Self.count) ?? 0
            fetched.withValue { $0.append(count) }
            return count
        }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        var delivered = 0

        /// The values `next()` returns until `count`'s: each at least as new as the one
        /// before, none newer than `count`, and at most `limit` of them.
        func deliveries(until count: Int, limit: Int) async throws -> [Int] {
            var values: [Int] = []
            while values.last != count, values.count <= limit {
                let value = try #require(try await counts.next())
                #expect(value >= delivered && value <= count, "\(value) after \(delivered), before \(count)")
                delivered = value
                values.append(value)
            }
            return values
        }

        // Ten commits, none consumed: once the tenth commit's value is fetched, the next
        // values are at most one older one, then the tenth's; the rest were skipped.
        for index in 1...10 {
            try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "item \(index)") }
        }
        #expect(try await waitUntil { fetched.current.last == 10 })
        let first = try await deliveries(until: 10, limit: 2)
        #expect(first.last == 10 && first.count <= 2, "\(first)")

        // A value fetched and maybe not delivered, then a write: `next()` returns at most two
        // older values, then the write's.
        for count in stride(from: 12, through: 50, by: 2) {
            try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('x')"#) }
            #expect(try await waitUntil { fetched.current.last == count - 1 })
            try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('y')"#) }
            let values = try await deliveries(until: count, limit: 3)
            #expect(values.last == count && values.count <= 3, "\(values)")
        }
    }

    @Test func cancellingTheConsumerUnregisters() async throws {
        let pool = try makePool()
        let first = Locked<Int?>(nil)
        let task = Task {
            for try await count in pool.observe({ db in try db.fetchOne(Int.self, Self.count) ?? 0 }) {
                first.withValue { $0 = count }
            }
        }
        #expect(try await waitUntil { first.current == 0 && pool.observerCount == 1 })
        task.cancel()
        _ = try? await task.value
        #expect(try await waitUntil { pool.observerCount == 0 })
        // The hooks go at the next access; writes keep working.
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('x')"#) }
        #expect(try pool.read { db in try db.fetchOne(Int.self, Self.count) } == 1)
    }

    @Test func statementsOfTheDSLAreObserved() async throws {
        let pool = try makePool()
        try pool.write { db in
            try db.execute(#"CREATE TABLE "observed_items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            try db.execute(#"CREATE VIEW "item_names" AS SELECT "name" FROM "observed_items""#)
        }
        var rows = pool.observe(ObservedItem.order(by: \.name)).makeAsyncIterator()
        var names = pool.observe { db in try db.fetchAll(String.self, #"SELECT "name" FROM "item_names" ORDER BY 1"#) }
            .makeAsyncIterator()
        #expect(try await rows.next() == [])
        #expect(try await names.next() == [])
        try await pool.asyncWrite { db in
            try ObservedItem.insert { ObservedItem.Draft(name: "Buy milk 🥛") }.execute(db)
        }
        #expect(try await rows.next() == [ObservedItem(id: 1, name: "Buy milk 🥛")])
        // Through a view: SQLite reports the view's table.
        #expect(try await names.next() == ["Buy milk 🥛"])
    }

    /// docs/Observation.md, "Limits": SQLite's update hook does not report `DROP TABLE`, so
    /// an observation of a dropped table fetches nothing (a fetch would throw "no such
    /// table" and end it); the next value comes with a write to a table of that name.
    @Test func aDroppedTableYieldsNothingUntilATableOfItsNameIsWritten() async throws {
        let pool = try makePool()
        var counts = pool.observe { db in try db.fetchOne(Int.self, Self.count) ?? 0 }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        try pool.write { db in try db.execute(#"DROP TABLE "items""#) }
        // Time for a fetch the drop would start: it would throw "no such table" and end the
        // observation, and `next()` below would throw.
        try await Task.sleep(for: .milliseconds(200))
        try pool.write { db in
            try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "items" ("name") VALUES ('after'), ('the drop')"#)
        }
        #expect(try await counts.next() == 2)
    }

    @Test func anObservationWhoseFetchThrowsEnds() async throws {
        let pool = try makePool()
        let observation = pool.observe { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "missing""#) }
        await #expect(throws: SQLiteError.self) {
            for try await _ in observation {}
        }
        #expect(try await waitUntil { pool.observerCount == 0 })
    }

    /// A fetch that throws after values were delivered (bad data written while observing)
    /// ends the loop with the fetch's own typed error, and unregisters (docs/Observation.md).
    @Test func aLaterFetchThatThrowsEndsTheLoopWithItsError() async throws {
        let pool = try makePool()
        let seen = Locked<[Int]>([])
        let task = Task {
            for try await total in pool.observe({ db in try db.fetchAll(Int.self, #"SELECT "v" FROM "other""#) }) {
                seen.withValue { $0.append(total.count) }
            }
        }
        #expect(try await waitUntil { seen.current == [0] })
        try pool.write { db in try db.execute(#"INSERT INTO "other" ("v") VALUES ('it''s not a number')"#) }
        let error = await #expect(throws: SQLDecodingError.self) { try await task.value }
        #expect(error?.reason == .storageMismatch)
        #expect(error?.valuePreview == "'it''s not a number'")
        #expect(seen.current == [0])
        #expect(try await waitUntil { pool.observerCount == 0 })
    }

    /// Cancelling the iterating task ends the loop normally: nothing is thrown out of it.
    @Test func cancellingEndsTheLoopWithoutAnError() async throws {
        let pool = try makePool()
        let first = Locked<Int?>(nil)
        let task = Task {
            for try await count in pool.observe({ db in try db.fetchOne(Int.self, Self.count) ?? 0 }) {
                first.withValue { $0 = count }
            }
            return "ended"
        }
        #expect(try await waitUntil { first.current == 0 })
        task.cancel()
        #expect(try await task.value == "ended")
    }
}
