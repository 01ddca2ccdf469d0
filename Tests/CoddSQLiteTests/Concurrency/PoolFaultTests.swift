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
        // In WAL mode SQLite does not notice the unlinked file: a commit would go to the
        // deleted inode and be lost when the connections close. The commit asks SQLite
        // whether the file moved, and is refused as SQLite refuses it in rollback-journal
        // mode (`SQLITE_READONLY_DBMOVED`).
        let error = #expect(throws: SQLiteError.self) {
            try pool.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('into the unlinked file')"#) }
        }
        #expect(error?.code == .readOnly)
        #expect(error?.extendedCode == .readOnlyDatabaseMoved)
        #expect(error?.message.contains("the database file \(pool.path) was deleted or replaced while open") == true)
        let asyncError = await #expect(throws: SQLiteError.self) {
            try await pool.asyncWrite { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('again')"#) }
        }
        #expect(asyncError?.extendedCode == .readOnlyDatabaseMoved)
        // Reads go on in what the file held, and nothing was written after the deletion.
        #expect(try await pool.asyncRead { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 1)
        #expect(try pool.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 1)
        // The file is not recreated behind the user's back.
        #expect(!FileManager.default.fileExists(atPath: pool.path))
    }

    /// A file replaced under an open database (another file renamed over it, as a restore
    /// from backup does), and a deletion in the middle of a write transaction: the commit is
    /// refused with the code SQLite itself gives in rollback-journal mode, the reference.
    @Test(arguments: [Configuration.JournalMode.wal, .delete])
    func aFileReplacedOrDeletedMidTransactionRefusesTheCommit(journal: Configuration.JournalMode) throws {
        var configuration = Configuration()
        configuration.journalMode = journal
        let database = try Database(path: try temporaryDatabasePath(), configuration: configuration)
        try database.write { db in try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#) }

        let replacement = try Database(path: try temporaryDatabasePath(), configuration: configuration)
        try replacement.write { db in try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#) }
        #expect(rename(replacement.path, database.path) == 0)
        let replaced = #expect(throws: SQLiteError.self) {
            try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "🥛 '; --") }
        }
        #expect(replaced?.extendedCode == .readOnlyDatabaseMoved, "\(journal): \(String(describing: replaced))")
        if journal == .delete {
            // SQLite's own refusal, at the write, which Codd's commit check matches in WAL mode.
            #expect(replaced?.message == "attempt to write a readonly database")
            #expect(replaced?.sql?.hasPrefix("INSERT") == true)
        }
        #expect(try replacement.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)

        let midway = try Database(path: try temporaryDatabasePath(), configuration: configuration)
        try midway.write { db in try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#) }
        let error = #expect(throws: SQLiteError.self) {
            try midway.write { db in
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('before the deletion')"#)
                try FileManager.default.removeItem(atPath: midway.path)
                try db.execute(#"INSERT INTO "items" ("name") VALUES ('after it')"#)
            }
        }
        #expect(error?.extendedCode == .readOnlyDatabaseMoved, "\(journal): \(String(describing: error))")
        // Rolled back: the connection is out of its transaction and still reads.
        #expect(try midway.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "items""#) } == 0)
    }

    /// A temporary database (an empty path: a file SQLite unlinks as it opens it) and an
    /// in-memory one have no file to move: their writes commit, in both journal modes.
    @Test(arguments: [Configuration.JournalMode.wal, .delete])
    func temporaryAndInMemoryDatabasesCommit(journal: Configuration.JournalMode) throws {
        var configuration = Configuration()
        configuration.journalMode = journal
        for database in [try Database(path: "", configuration: configuration), try Database.inMemory()] {
            try database.write { db in
                try db.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#)
                try db.execute(#"INSERT INTO "items" ("name") VALUES (?)"#, "🥛 '; --")
            }
            try database.write { db in try db.execute(#"INSERT INTO "items" ("name") VALUES ('second')"#) }
            #expect(
                try database.read { db in try db.fetchAll(String.self, #"SELECT "name" FROM "items""#) } == [
                    "🥛 '; --", "second",
                ])
        }
    }

    /// Eight threads open one new file at the same moment, on twenty files: each open
    /// succeeds in WAL mode. All but the connection that converts the file are refused its
    /// exclusive lock at once (`SQLITE_BUSY`, no busy handler: it could deadlock); before,
    /// such an open failed with "database is locked" (seen in `concurrentMigrators…`).
    @Test func connectionsOpeningOneNewFileAtOnceAllOpen() throws {
        for _ in 0..<20 {
            let path = try temporaryDatabasePath()
            let outcomes = Locked<[String]>([])
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for _ in 0..<8 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    start.wait()
                    do {
                        let database = try Database(path: path)
                        let mode = try database.read { db in try db.fetchOne(String.self, "PRAGMA journal_mode") }
                        outcomes.withValue { $0.append(mode ?? "none") }
                    } catch {
                        outcomes.withValue { $0.append("\(error)") }
                    }
                }.start()
            }
            for _ in 0..<8 { start.signal() }
            group.wait()
            #expect(outcomes.current == Array(repeating: "wal", count: 8))
        }
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
