import Codd
import Foundation
import Testing

/// 8 writers and 16 readers, half of each tasks and half threads, on one file: no error
/// (no SQLITE_BUSY), no lost or duplicated write, and every read sees a consistent state.
@Suite("DatabasePool under load")
struct PoolStressTests {
    static let writesPerWriter = 40
    static let readsPerReader = 40
    static let total = 1_000_000

    @Test func eightWritersSixteenReaders() async throws {
        let pool = try DatabasePool(path: try temporaryDatabasePath(), maximumReaderCount: 4)
        try pool.write { db in
            // Each write moves 1 from "a" to "b" and logs itself: in every committed
            // state, a + b is constant and b counts the log.
            try db.execute(
                #"CREATE TABLE "ledger" ("id" INTEGER PRIMARY KEY, "a" INTEGER NOT NULL, "b" INTEGER NOT NULL)"#)
            try db.execute(
                #"CREATE TABLE "log" ("writer" INTEGER NOT NULL, "seq" INTEGER NOT NULL, UNIQUE ("writer", "seq"))"#)
            try db.execute(#"INSERT INTO "ledger" ("id", "a", "b") VALUES (1, ?, 0)"#, Self.total)
        }
        let errors = Locked<[String]>([])
        let inconsistentReads = Locked(0)
        let reads = Locked(0)

        @Sendable func write(_ db: Connection, writer: Int, seq: Int) throws {
            try db.execute(#"UPDATE "ledger" SET "a" = "a" - 1, "b" = "b" + 1 WHERE "id" = 1"#)
            try db.execute(#"INSERT INTO "log" ("writer", "seq") VALUES (?, ?)"#, writer, seq)
        }
        @Sendable func check(_ db: Connection) throws {
            let row = try db.fetchOne((Int, Int).self, #"SELECT "a", "b" FROM "ledger" WHERE "id" = 1"#)
            let logged = try db.fetchOne(Int.self, #"SELECT count(*) FROM "log""#)
            reads.withValue { $0 += 1 }
            if let row, row.0 + row.1 == Self.total, row.1 == logged {
            } else {
                inconsistentReads.withValue { $0 += 1 }
            }
        }

        async let threads: Void = onThreads(12) { index in
            do {
                if index < 4 {
                    for seq in 0..<Self.writesPerWriter {
                        try pool.write { db in try write(db, writer: index, seq: seq) }
                    }
                } else {
                    for _ in 0..<Self.readsPerReader { try pool.read(check) }
                }
            } catch {
                errors.withValue { $0.append("thread \(index): \(error)") }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask {
                    do {
                        if index < 4 {
                            let writer = index + 4
                            for seq in 0..<Self.writesPerWriter {
                                try await pool.asyncWrite { db in try write(db, writer: writer, seq: seq) }
                            }
                        } else {
                            for _ in 0..<Self.readsPerReader { try await pool.asyncRead(check) }
                        }
                    } catch {
                        errors.withValue { $0.append("task \(index): \(error)") }
                    }
                }
            }
        }
        await threads

        #expect(errors.current == [])
        #expect(inconsistentReads.current == 0)
        #expect(reads.current == 16 * Self.readsPerReader)
        let writes = 8 * Self.writesPerWriter
        let final = try pool.read { db in
            (
                try db.fetchOne((Int, Int).self, #"SELECT "a", "b" FROM "ledger""#),
                try db.fetchOne(Int.self, #"SELECT count(*) FROM "log""#),
                try db.fetchOne(Int.self, #"SELECT count(*) FROM (SELECT DISTINCT "writer", "seq" FROM "log")"#),
                try db.fetchAll(Int.self, #"SELECT count(*) FROM "log" GROUP BY "writer" ORDER BY "writer""#)
            )
        }
        #expect(final.0?.0 == Self.total - writes)
        #expect(final.0?.1 == writes)
        #expect(final.1 == writes)
        #expect(final.2 == writes)
        #expect(final.3 == Array(repeating: Self.writesPerWriter, count: 8))
    }
}
