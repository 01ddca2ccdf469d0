import Codd
import Foundation
import Testing

@Suite("DatabasePool: bad input and faults")
struct PoolFaultTests {
    @Test func aReaderThatThrowsGivesItsConnectionBack() async throws {
        let pool = try makePool(readers: 1)
        #expect(throws: ExpectedFailure.self) { try pool.read { _ in throw ExpectedFailure() } }
        await #expect(throws: ExpectedFailure.self) { try await pool.asyncRead { _ in throw ExpectedFailure() } }
        // The only reader is free again, outside any transaction.
        #expect(try pool.read { db in try db.fetchOne(Int.self, "SELECT 1") } == 1)
        #expect(try await pool.asyncRead { db in db.isInsideTransaction })
    }

    @Test func aWriterThatThrowsMidTransactionShowsReadersNothing() async throws {
        let pool = try makePool()
        let inserted = Barrier(2)
        let checked = Barrier(2)
        let seenDuringWrite = Locked<Int?>(nil)
        let reader = Thread {
            _ = inserted.arrive()
            seenDuringWrite.withValue {
                $0 = try? pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) }
            }
            _ = checked.arrive()
        }
        reader.start()
        #expect(throws: ExpectedFailure.self) {
            try pool.write { db in
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('half'), ('way')"#)
                _ = inserted.arrive()
                _ = checked.arrive()  // a reader looks while the transaction is open
                throw ExpectedFailure()
            }
        }
        #expect(seenDuringWrite.current == 0)
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)
        #expect(try await pool.asyncRead { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)
    }

    @Test func theFileDeletedWhileOpenIsATypedError() async throws {
        let pool = try makePool()
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('kept')"#) }
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: pool.path + suffix)
        }
        // In WAL mode SQLite does not notice the unlinked file: writes and reads go on in
        // the deleted inode (lost when the connections close). No error, no crash; the
        // file is not recreated behind the user's back.
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('into the unlinked file')"#) }
        try await pool.asyncWrite { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('again')"#) }
        #expect(try await pool.asyncRead { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 3)
        #expect(!FileManager.default.fileExists(atPath: pool.path))
    }

    @Test func theFileMadeReadOnlyWhileOpen() async throws {
        let pool = try makePool()
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('before')"#) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: pool.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pool.path) }
        // Open connections keep the descriptors they opened read-write: POSIX checks
        // permissions at open only, so they go on writing.
        try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('after')"#) }
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 2)
        // A new connection is refused writing, unless permissions do not apply to this
        // process (root): then say so rather than pretend.
        let enforced = access(pool.path, W_OK) != 0
        if enforced {
            let error = #expect(throws: SQLiteError.self) {
                let reopened = try Database(path: pool.path)
                try reopened.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('refused')"#) }
            }
            #expect(error?.code == .readOnly || error?.code == .cannotOpen)
        } else {
            let reopened = try Database(path: pool.path)
            try reopened.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('root writes anyway')"#) }
            #expect(try reopened.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 3)
        }
    }
}
