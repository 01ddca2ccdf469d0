import CFaultVFS
import CSQLite
import Codd
import Foundation
import Testing

/// docs/Reliability.md's Swift blocks, compiled and run (CoddDocsTests checks that each
/// block stands here).
@Suite("docs/Reliability.md examples", .serialized)
struct ReliabilityGuideExampleTests {
    @Test func openingADatabaseOnAnotherVFS() throws {
        try FaultVFSLock.run { try openOnAnotherVFS() }
    }

    func openOnAnotherVFS() throws {
        try #require(codd_fault_vfs_register() == SQLITE_OK)
        let path = try temporaryDatabasePath()
        // Codd opens every database with SQLITE_OPEN_URI: a `file:` URI picks the VFS.
        let database = try Database(path: "file:\(path)?vfs=codd-fault")
        try database.write { db in
            try db.execute(#"CREATE TABLE "notes" ("body" TEXT)"#)
        }
        #expect(try database.read { try $0.fetchOne(String.self, "PRAGMA journal_mode") } == "wal")
    }

    @Test func loweringALimit() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // Strings and blobs longer than 100,000 bytes fail with SQLITE_TOOBIG.
            sqlite3_limit(db.unsafeSQLiteHandle, SQLITE_LIMIT_LENGTH, 100_000)
        }
        let database = try Database.inMemory(configuration: configuration)
        let long = String(repeating: "x", count: 100_001)
        #expect(throws: SQLiteError.self) { try database.read { try $0.fetchOne(Int.self, "SELECT length(?)", long) } }
    }

    @Test func handlingAnIOError() throws {
        try FaultVFSLock.run { try handleAnIOError() }
    }

    func handleAnIOError() throws {
        try #require(codd_fault_vfs_register() == SQLITE_OK)
        let path = try temporaryDatabasePath()
        let database = try Database(path: "file:\(path)?vfs=codd-fault")
        try database.write { db in
            try db.execute(#"CREATE TABLE "notes" ("body" TEXT)"#)
        }
        codd_fault_vfs_arm(CODD_FAULT_FULL, 1, 1)
        defer { codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0) }
        var reported: SQLiteResultCode?
        do {
            try database.write { db in
                try db.execute(#"INSERT INTO "notes" ("body") VALUES (?)"#, String(repeating: "note ", count: 10_000))
            }
        } catch let error as SQLiteError where error.code == .ioError || error.code == .full {
            // The transaction was rolled back; the connection is usable for the next one.
            reported = error.code
        }
        #expect(reported == .full)
    }
}
