import Codd
import Foundation

// The child process of the crash-safety test (Tests/CoddReliabilityTests/CrashSafetyTests.swift):
// writes transactions to a file database in a loop until it is killed.
//
//     codd-crash-writer PATH wal|delete
//
// The protocol on standard output, one line per event, each written with write(2) (no
// buffering, so what is printed is in the pipe before the next statement runs):
//
//     R <id>   ready: the database opened; <id> is the last transaction in it (0 if none)
//     B <id>   about to begin transaction <id> (always the last one plus 1)
//     C <id>   transaction <id> committed: `write` returned
//
// Transaction <id> inserts one row into "commits" and `itemsPerTransaction` rows into
// "items", all with that id. The test's promise: every <id> with a C line is in the
// database with all its items; no <id> without a B line is; at most the last B without its
// C is (the writer may have committed it and been killed before printing C).

let itemsPerTransaction = 8

func emit(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(1, base + offset, buffer.count - offset)
            if written <= 0 { exit(3) }
            offset += written
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let mode = Configuration.JournalMode(rawValue: arguments[2].uppercased()) else {
    FileHandle.standardError.write(Data("usage: codd-crash-writer PATH wal|delete\n".utf8))
    exit(2)
}

do {
    var configuration = Configuration()
    configuration.journalMode = mode
    let database = try Database(path: arguments[1], configuration: configuration)
    var last = try database.write { db in
        try db.execute(#"CREATE TABLE IF NOT EXISTS "commits" ("id" INTEGER PRIMARY KEY, "payload" BLOB NOT NULL)"#)
        try db.execute(
            #"CREATE TABLE IF NOT EXISTS "items" ("txn" INTEGER NOT NULL, "n" INTEGER NOT NULL, "payload" BLOB NOT NULL, PRIMARY KEY ("txn", "n"))"#
        )
        return try db.fetchOne(Int.self, #"SELECT coalesce(max("id"), 0) FROM "commits""#) ?? 0
    }
    emit("R \(last)")
    while true {
        let id = last + 1
        emit("B \(id)")
        try database.write { db in
            // Several pages per transaction: a kill can land in the middle of writing them.
            try db.execute(#"INSERT INTO "commits" ("id", "payload") VALUES (?, randomblob(3000))"#, id)
            for n in 0..<itemsPerTransaction {
                try db.execute(#"INSERT INTO "items" ("txn", "n", "payload") VALUES (?, ?, randomblob(1500))"#, id, n)
            }
        }
        emit("C \(id)")
        last = id
    }
} catch {
    FileHandle.standardError.write(Data("codd-crash-writer: \(error)\n".utf8))
    exit(1)
}
