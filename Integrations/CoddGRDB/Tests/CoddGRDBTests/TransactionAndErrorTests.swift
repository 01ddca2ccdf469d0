import Codd
import CoddGRDB
import Foundation
import GRDB
import Testing

/// GRDB's transactions hold Codd statements; errors are typed and carry the SQL; hostile
/// strings are only values.
@Suite("Transactions, errors and bad input on GRDB connections")
struct TransactionAndErrorTests {
    @Test func aCoddWriteInsideARolledBackGRDBTransactionLeavesNothing() throws {
        let queue = try makeQueue()
        try queue.inTransaction { db in
            try Reminder.insert { Reminder.Draft(title: "rolled back") }.execute(db)
            #expect(try Reminder.all.fetchCount(db) == 1)
            return .rollback
        }
        #expect(try queue.read { db in try Reminder.all.fetchCount(db) } == 0)

        let pool = try makePool()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try pool.write { db in
                try Reminder.insert { Reminder.Draft(title: "also rolled back") }.execute(db)
                throw Stop()
            }
        }
        #expect(try pool.read { db in try Reminder.all.fetchCount(db) } == 0)
        // A savepoint rolled back, the transaction around it committed.
        try pool.write { db in
            try Reminder.insert { Reminder.Draft(title: "kept") }.execute(db)
            try db.inSavepoint {
                try Reminder.insert { Reminder.Draft(title: "dropped") }.execute(db)
                return .rollback
            }
        }
        #expect(try pool.read { db in try Reminder.select(\.title).fetchAll(db) } == ["kept"])
    }

    @Test func sqliteErrorsAreGRDBErrorsWithTheSQL() throws {
        let queue = try makeQueue()
        try queue.write { db in try Reminder.insert { Reminder.Draft(title: "same") }.execute(db) }
        let duplicate = Reminder.insert { Reminder.Draft(title: "same") }
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in try duplicate.execute(db) }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
        #expect(error?.sql == #"INSERT INTO "reminders" ("title", "priority") VALUES (?, ?)"#)
        // Codd's engine-neutral pattern sees GRDB's error.
        #expect(error.flatMap(SQLConstraintViolation.init) == .unique)
        do {
            try queue.write { db in try duplicate.execute(db) }
            Issue.record("the duplicate was inserted")
        } catch SQLConstraintViolation.unique {
        } catch {
            Issue.record("not caught as a unique violation: \(error)")
        }
        // The connection goes on.
        #expect(try queue.read { db in try Reminder.all.fetchCount(db) } == 1)

        // A write in a read access: GRDB's read-only connection refuses it.
        let readOnly = #expect(throws: DatabaseError.self) {
            try queue.read { db in try Reminder.insert { Reminder.Draft(title: "no") }.execute(db) }
        }
        #expect(readOnly?.resultCode == .SQLITE_READONLY)
        // A missing table: the error of preparing it.
        let missing = #expect(throws: DatabaseError.self) {
            try queue.read { db in try Missing.all.fetchAll(db) }
        }
        #expect(missing?.sql == #"SELECT "id" FROM "missing""#)
    }

    @Test func badDataIsACoddDecodingErrorWithTheSQL() throws {
        let queue = try makeQueue()
        try queue.write { db in
            try db.execute(sql: #"INSERT INTO "reminders" ("title", "priority") VALUES ('bad', 'high')"#)
            try db.execute(sql: #"INSERT INTO "items" VALUES ('not a uuid', '2024-03-15 09:05:07.089', '[]')"#)
        }
        let error = #expect(throws: SQLDecodingError.self) {
            try queue.read { db in try Reminder.all.fetchAll(db) }
        }
        #expect(error?.column == "priority")
        #expect(error?.sql == #"SELECT "id", "title", "priority" FROM "reminders""#)
        #expect(throws: SQLDecodingError.self) {
            try queue.read { db in try Item.all.fetchOne(db) }
        }
        // The statement was reset: the queue reads on.
        #expect(try queue.read { db in try Reminder.select(\.title).fetchAll(db) } == ["bad"])
    }

    /// (A loop, not test arguments: a NUL byte in a test's name would cut the runner's output.)
    @Test func hostileStringsAreValues() throws {
        for title in [
            #"Robert'); DROP TABLE "reminders"; --"#, "quote ' and \" double", "nul\u{0}byte", "emoji 🙂👍🏽", "-- comment",
            "",
        ] {
            let pool = try makePool()
            try pool.write { db in try Reminder.insert { Reminder.Draft(title: title, priority: 1) }.execute(db) }
            #expect(
                try pool.read { db in try Reminder.where { $0.title == title }.select(\.title).fetchAll(db) } == [title]
            )
            // Stored as bound, every byte (read as a BLOB: GRDB's String stops at a NUL byte).
            let stored = try pool.read { db in
                try Data.fetchAll(db, sql: #"SELECT CAST("title" AS BLOB) FROM "reminders""#)
            }
            #expect(stored.map { String(decoding: $0, as: UTF8.self) } == [title])
            try pool.write { db in try Reminder.where { $0.title == title }.update { $0.title += "!" }.execute(db) }
            #expect(try pool.read { db in try Reminder.all.fetchOne(db) }?.title == title + "!")
            try pool.write { db in try Reminder.where { $0.title == title + "!" }.delete().execute(db) }
            #expect(try pool.read { db in try Reminder.all.fetchCount(db) } == 0)
        }
    }

    /// GRDB's error names the values of the statement that failed, Codd's bindings, with
    /// `publicStatementArguments` (a cached statement had kept an earlier use's values).
    @Test func grdbErrorsShowTheFailedStatementsValues() throws {
        var configuration = GRDB.Configuration()
        configuration.publicStatementArguments = true
        let queue = try DatabaseQueue(path: try temporaryDatabasePath(), configuration: configuration)
        try queue.write { db in
            try db.execute(sql: schema)
            try db.execute(sql: #"CREATE UNIQUE INDEX "titles" ON "reminders" ("title")"#)
            // GRDB runs the same SQL first, through its statement cache.
            try db.execute(
                sql: #"INSERT INTO "reminders" ("title", "priority") VALUES (?, ?)"#, arguments: ["work", 1])
            try Reminder.insert { Reminder.Draft(title: "home", priority: 2) }.execute(db)
        }
        let error = #expect(throws: DatabaseError.self) {
            try queue.write { db in try Reminder.insert { Reminder.Draft(title: "home", priority: nil) }.execute(db) }
        }
        #expect(error?.arguments == ["home", nil])
        #expect(error?.description.hasSuffix(#"with arguments ["home", NULL]"#) == true)
    }

    /// A table whose name holds a NUL byte would reach SQL: refused before GRDB prepares it.
    @Test func sqlWithANULByteIsRefused() throws {
        let queue = try makeQueue()
        let error = #expect(throws: SQLiteError.self) {
            try queue.read { db in try NulTable.all.fetchAll(db) }
        }
        #expect(error?.code == .misuse)
    }
}

@Table("missing")
struct Missing {
    let id: Int
}

@Table("nul\u{0}table")
struct NulTable {
    let id: Int
}
