import CFaultVFS
import CSQLite
import Codd
import Foundation
import Testing

/// Writes and reads through the `codd-fault` VFS (Tests/CFaultVFS), which wraps SQLite's
/// default VFS and fails the Nth write, sync or read, or answers SQLITE_FULL to any write
/// that grows a file. A Codd database opens on it with a URI: `file:PATH?vfs=codd-fault`
/// (Codd opens every database with SQLITE_OPEN_URI).
///
/// Each sweep first counts the calls a clean transaction makes, then fails each of them in
/// turn, on a fresh file, in WAL and rollback-journal mode. After every fault:
///
/// - the write throws `SQLiteError` with an I/O or full-disk code, never anything else;
/// - the connection is not left inside a transaction, and the next write on it succeeds;
/// - reopened with the default VFS, the file passes `PRAGMA integrity_check`; a write that
///   returned is there whole; a write that threw is there whole or not at all (SQLite may
///   have made a commit durable before the failing call, as after a lost acknowledgement),
///   never in part.
@Suite("I/O faults through a failing VFS", .serialized)
struct IOFaultTests {
    static let rowsPerTransaction = 6

    init() throws {
        try #require(codd_fault_vfs_register() == SQLITE_OK)
    }

    static func faultURI(_ path: String) -> String { "file:\(path)?vfs=codd-fault" }

    static func open(_ path: String, _ mode: Configuration.JournalMode, faulty: Bool = true) throws -> Database {
        var configuration = Configuration()
        configuration.journalMode = mode
        return try Database(path: faulty ? faultURI(path) : path, configuration: configuration)
    }

    /// Transaction `txn`: several rows with payloads that span pages.
    static func writeTransaction(_ txn: Int, _ database: Database) throws {
        try database.write { db in
            for n in 0..<rowsPerTransaction {
                try db.execute(#"INSERT INTO "rows" ("txn", "n", "payload") VALUES (?, ?, randomblob(2500))"#, txn, n)
            }
        }
    }

    /// A new file with transaction 0 in it, written with no fault armed.
    static func freshDatabase(_ mode: Configuration.JournalMode) throws -> (String, Database) {
        let path = try temporaryDatabasePath()
        let database = try open(path, mode)
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "rows" ("txn" INTEGER NOT NULL, "n" INTEGER NOT NULL, "payload" BLOB NOT NULL)"#)
        }
        try writeTransaction(0, database)
        return (path, database)
    }

    /// The row count of each transaction in the file, read with the default VFS, after an
    /// integrity check.
    static func transactionsOnDisk(_ path: String, _ mode: Configuration.JournalMode) throws -> [Int: Int] {
        let database = try open(path, mode, faulty: false)
        return try database.read { db in
            #expect(try db.fetchAll(String.self, "PRAGMA integrity_check") == ["ok"])
            let counts = try db.fetchAll((Int, Int).self, #"SELECT "txn", count(*) FROM "rows" GROUP BY "txn""#)
            return Dictionary(uniqueKeysWithValues: counts)
        }
    }

    /// Whether `error` is the typed error an I/O fault must give.
    static func isIOError(_ error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return error.code == .ioError || error.code == .full
    }

    @Test(
        "a failing write or sync fails the transaction with a typed error, and loses or invents nothing",
        arguments: [
            (Configuration.JournalMode.wal, CODD_FAULT_WRITE), (.wal, CODD_FAULT_SYNC),
            (.delete, CODD_FAULT_WRITE), (.delete, CODD_FAULT_SYNC),
        ])
    func writeFaults(mode: Configuration.JournalMode, kind: codd_fault_kind) throws {
        try FaultVFSLock.run { try sweepWriteFaults(mode: mode, kind: kind) }
    }

    func sweepWriteFaults(mode: Configuration.JournalMode, kind: codd_fault_kind) throws {
        // How many calls of this kind a clean transaction makes.
        let (_, probe) = try Self.freshDatabase(mode)
        codd_fault_vfs_arm(kind, Int32.max, 0)
        try Self.writeTransaction(1, probe)
        let calls = Int(codd_fault_vfs_calls(kind))
        codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
        try #require(calls > 0, "a transaction in \(mode) mode makes no \(kind) call: nothing to fail")

        var failedWrites = 0
        for nth in 1...calls {
            let (path, database) = try Self.freshDatabase(mode)
            codd_fault_vfs_arm(kind, Int32(nth), 0)
            var succeeded = true
            do {
                try Self.writeTransaction(1, database)
            } catch {
                succeeded = false
                #expect(Self.isIOError(error), "fault \(nth)/\(calls): \(error)")
            }
            let fired = codd_fault_vfs_failures() > 0
            codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
            if !succeeded { failedWrites += 1 }
            #expect(succeeded || fired, "fault \(nth)/\(calls): the write failed but no fault fired")

            // The connection is usable: not inside a transaction, and it writes again.
            #expect(try database.withConnection { $0.isInsideTransaction } == false, "fault \(nth)/\(calls)")
            try Self.writeTransaction(2, database)

            let onDisk = try Self.transactionsOnDisk(path, mode)
            #expect(onDisk[0] == Self.rowsPerTransaction, "fault \(nth)/\(calls): transaction 0")
            #expect(onDisk[2] == Self.rowsPerTransaction, "fault \(nth)/\(calls): transaction 2")
            if succeeded {
                #expect(onDisk[1] == Self.rowsPerTransaction, "fault \(nth)/\(calls): a write that returned is lost")
            } else {
                #expect(
                    onDisk[1] == nil || onDisk[1] == Self.rowsPerTransaction,
                    "fault \(nth)/\(calls): half a transaction")
            }
        }
        #expect(failedWrites > 0, "no fault made a write fail: the sweep proved little")
        print(
            "I/O faults (\(mode.rawValue), \(kind == CODD_FAULT_WRITE ? "write" : "sync")): \(calls) calls failed in turn, \(failedWrites) made the write throw"
        )
    }

    @Test(
        "a full disk fails every write with SQLITE_FULL until space is back",
        arguments: [Configuration.JournalMode.wal, .delete])
    func fullDisk(mode: Configuration.JournalMode) throws {
        try FaultVFSLock.run { try fillTheDisk(mode: mode) }
    }

    func fillTheDisk(mode: Configuration.JournalMode) throws {
        let (path, database) = try Self.freshDatabase(mode)
        codd_fault_vfs_arm(CODD_FAULT_FULL, 1, 1)
        for txn in 1...3 {
            let error = #expect(throws: SQLiteError.self) { try Self.writeTransaction(txn, database) }
            #expect(error?.code == .full, "\(String(describing: error))")
            #expect(try database.withConnection { $0.isInsideTransaction } == false)
        }
        // Reads still work on a full disk.
        #expect(
            try database.read { try $0.fetchOne(Int.self, #"SELECT count(*) FROM "rows""#) } == Self.rowsPerTransaction)
        codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
        try Self.writeTransaction(4, database)
        let onDisk = try Self.transactionsOnDisk(path, mode)
        #expect(onDisk == [0: Self.rowsPerTransaction, 4: Self.rowsPerTransaction])
    }

    @Test(
        "a failing read gives a typed error or the right rows, never wrong ones",
        arguments: [Configuration.JournalMode.wal, .delete])
    func readFaults(mode: Configuration.JournalMode) throws {
        try FaultVFSLock.run { try sweepReadFaults(mode: mode) }
    }

    func sweepReadFaults(mode: Configuration.JournalMode) throws {
        let (path, writer) = try Self.freshDatabase(mode)
        try Self.writeTransaction(1, writer)
        let expected = try writer.read {
            try $0.fetchAll((Int, Int, Data).self, #"SELECT "txn", "n", "payload" FROM "rows" ORDER BY rowid"#)
        }
        func readAll() throws -> [(Int, Int, Data)] {
            // A new connection each time: its page cache is empty, so the rows are read from the file.
            let database = try Self.open(path, mode)
            return try database.read {
                try $0.fetchAll((Int, Int, Data).self, #"SELECT "txn", "n", "payload" FROM "rows" ORDER BY rowid"#)
            }
        }
        codd_fault_vfs_arm(CODD_FAULT_READ, Int32.max, 0)
        _ = try readAll()
        let calls = Int(codd_fault_vfs_calls(CODD_FAULT_READ))
        codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
        try #require(calls > 0)

        var failedReads = 0
        for nth in 1...calls {
            codd_fault_vfs_arm(CODD_FAULT_READ, Int32(nth), 0)
            do {
                let rows = try readAll()
                #expect(
                    rows.count == expected.count && zip(rows, expected).allSatisfy { $0 == $1 },
                    "fault \(nth)/\(calls): wrong rows")
            } catch {
                failedReads += 1
                #expect(Self.isIOError(error), "fault \(nth)/\(calls): \(error)")
            }
            codd_fault_vfs_arm(CODD_FAULT_NONE, 0, 0)
        }
        #expect(failedReads > 0, "no read fault surfaced: the sweep proved little")
        // Every file is still whole.
        #expect(try Self.transactionsOnDisk(path, mode) == [0: Self.rowsPerTransaction, 1: Self.rowsPerTransaction])
        print("I/O faults (\(mode.rawValue), read): \(calls) reads failed in turn, \(failedReads) surfaced as errors")
    }
}
