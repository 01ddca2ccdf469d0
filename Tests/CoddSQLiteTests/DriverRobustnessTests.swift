import Codd
import Foundation
import Testing

/// Misuse and failure paths of the driver: each is a clear error, and nothing written is
/// lost or silently committed.
@Suite("Driver robustness")
struct DriverRobustnessTests {
    struct SetUpFailed: Error {}

    /// Hooks add up, in order, on every connection: a later one never replaces an earlier one.
    @Test func connectionHooksAddUpInOrder() throws {
        let log = Locked<[String]>([])
        var configuration = Configuration()
        configuration.prepareDatabase { _ in log.withValue { $0.append("functions") } }
        configuration.prepareDatabase { db in
            log.withValue { $0.append("pragmas") }
            try db.execute("PRAGMA cache_size = -4000")
        }
        let pool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration, maximumReaderCount: 2)
        let expected: [String] = ["functions", "pragmas", "functions", "pragmas", "functions", "pragmas"]
        #expect(log.current == expected)
        #expect(try pool.read { db in try db.fetchOne(Int.self, "PRAGMA cache_size") } == -4000)
    }

    @Test func aFailingConnectionSetUpIsAnErrorNotACrash() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { _ in throw SetUpFailed() }
        #expect(throws: SetUpFailed.self) { try Database.inMemory(configuration: configuration) }
        #expect(throws: SetUpFailed.self) { try Database(path: temporaryDatabasePath(), configuration: configuration) }
    }

    @Test func inMemoryURIsOpen() throws {
        for path in ["file::memory:", "file:codd-test?mode=memory", ""] {
            let database = try Database(path: path)
            let answer = try database.read { db in try db.fetchOne(Int.self, "SELECT 42") }
            #expect(answer == 42)
        }
    }

    @Test func hugeAndNegativeBusyTimeoutsAreClampedNotATrap() throws {
        var configuration = Configuration()
        configuration.busyTimeout = .seconds(Int64.max / 100)
        _ = try Database.inMemory(configuration: configuration)
        configuration.busyTimeout = .seconds(-5)
        _ = try Database.inMemory(configuration: configuration)
    }

    @Test func aMisspelledColumnIsAnErrorNotAStringLiteral() throws {
        let database = try makeDatabase(column: "TEXT")
        let error = try database.read { db in
            #expect(throws: SQLiteError.self) {
                try db.fetchAll(Int.self, #"SELECT count(*) FROM "values" WHERE "vv" = ?"#, "vv")
            }
        }
        #expect(error?.message == "no such column: vv")
        // Also in DDL.
        #expect(throws: SQLiteError.self) {
            try database.write { db in try db.execute(#"CREATE TABLE "t" ("x" TEXT CHECK ("x" <> "oops"))"#) }
        }
    }

    @Test func aTransactionLeftOpenByWithConnectionIsRolledBackAndReported() throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        try database.write { db in try db.execute(#"CREATE TABLE "t" ("x" INTEGER PRIMARY KEY)"#) }
        let error = #expect(throws: SQLiteError.self) {
            try database.withConnection { db in
                try db.execute("BEGIN")
                try db.execute(#"INSERT INTO "t" VALUES (1)"#)
            }
        }
        #expect(error?.code == .misuse)
        // The next write is a real transaction, and it lasts.
        try database.write { db in try db.execute(#"INSERT INTO "t" VALUES (2)"#) }
        let reopened = try Database(path: path)
        let rows = try reopened.read { db in try db.fetchAll(Int.self, #"SELECT "x" FROM "t""#) }
        #expect(rows == [2])
    }

    @Test func afterSQLiteRollsBackNothingElseAutocommits() throws {
        let database = try makeVetoDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.execute(#"INSERT INTO "t" VALUES (1)"#)
                try? db.execute(#"INSERT INTO "t" VALUES (-1)"#)  // SQLite rolls back the transaction
                try db.execute(#"INSERT INTO "t" VALUES (2)"#)  // must not autocommit
            }
        }
        #expect(error?.code == .abort)
        let rows = try database.read { db in try db.fetchAll(Int.self, #"SELECT "x" FROM "t""#) }
        #expect(rows == [])
        // The database works normally afterwards.
        try database.write { db in try db.execute(#"INSERT INTO "t" VALUES (3)"#) }
        let after = try database.read { db in try db.fetchAll(Int.self, #"SELECT "x" FROM "t""#) }
        #expect(after == [3])
    }

    /// The same `String` run again finds its statement by the String's identity, before
    /// the byte comparison: that path must refuse a rolled-back transaction too.
    @Test func theSameStatementStringAfterSQLiteRollsBackIsRefused() throws {
        let database = try makeVetoDatabase()
        let insert = #"INSERT INTO "t" VALUES (?)"#
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.execute(insert, 1)
                try? db.execute(insert, -1)  // SQLite rolls back the transaction
                try db.execute(insert, 2)  // the same String: must not autocommit
            }
        }
        #expect(error?.code == .abort)
        #expect(try database.read { db in try db.fetchAll(Int.self, #"SELECT "x" FROM "t""#) } == [])
    }

    /// Statements found by identity or by bytes give each text its own statement: small
    /// strings (their text is their bits), the same text in other storage, texts in turn.
    @Test func statementsFoundByIdentityOrBytesRunTheirOwnText() throws {
        let database = try Database.inMemory()
        try database.read { db in
            let plusOne = "SELECT ? + 1"  // a small string: 12 bytes
            let plusTwo = "SELECT ? + 2"
            let long = "SELECT ? + 100 AS \"a rather longer name\""
            let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)  // the same text, other storage
            var results: [Int] = []
            for value in 0..<3 {
                results.append(try db.fetchOne(Int.self, plusOne, value) ?? -1)
                results.append(try db.fetchOne(Int.self, plusOne, value) ?? -1)
                results.append(try db.fetchOne(Int.self, plusTwo, value) ?? -1)
                results.append(try db.fetchOne(Int.self, long, value) ?? -1)
                results.append(try db.fetchOne(Int.self, rebuilt, value) ?? -1)
            }
            #expect(results == [1, 1, 2, 100, 100, 2, 2, 3, 101, 101, 3, 3, 4, 102, 102])
        }
    }

    /// A table "t" whose trigger makes SQLite roll back the transaction on a negative value.
    private func makeVetoDatabase() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "t" ("x" INTEGER);
                CREATE TRIGGER "veto" BEFORE INSERT ON "t" WHEN NEW."x" < 0 BEGIN SELECT RAISE(ROLLBACK, 'negative'); END;
                """)
        }
        return database
    }

    @Test func aCursorCannotOutliveItsAccess() throws {
        let database = try Database.inMemory()
        let cursor = try database.read { db in try db.cursor(Int.self, "SELECT 1 UNION ALL SELECT 2") }
        let error = #expect(throws: SQLiteError.self) { try cursor.next() }
        #expect(error?.code == .misuse)
        // Its statement went back to the cache and is usable.
        let rows = try database.read { db in try db.fetchAll(Int.self, "SELECT 1 UNION ALL SELECT 2") }
        #expect(rows == [1, 2])
    }

    @Test func aCursorWhoseBindingFailsGivesItsStatementBack() throws {
        let database = try Database.inMemory()
        try database.read { db in
            db.clearStatementCache()
            #expect(throws: SQLEncodingError.self) { try db.cursor(Int.self, "SELECT ?", UInt64.max) }
            let seven = try db.fetchAll(Int.self, "SELECT ?", 7)
            #expect(seven == [7])
            db.clearStatementCache()
            #expect(db.cachedStatementCount == 0)
        }
    }

    struct BindsTwice: SQLCustomType {
        static var storage: SQLStorage { .integer }
        init(reader: borrowing some SQLColumnReader, at index: Int) throws {}
        init() {}
        func bind(into context: inout some SQLBindingContext) throws {
            try context.bindInteger(5)
            try context.bindInteger(6)
        }
    }

    struct BindsNothing: SQLCustomType {
        static var storage: SQLStorage { .integer }
        init(reader: borrowing some SQLColumnReader, at index: Int) throws {}
        init() {}
        func bind(into context: inout some SQLBindingContext) throws {}
    }

    @Test func aTypeMustBindExactlyOneValue() throws {
        let database = try Database.inMemory()
        let error = try database.read { db in
            #expect(throws: SQLEncodingError.self) {
                try db.fetchOne((Int, Int).self, "SELECT ?, ?", BindsTwice(), BindsNothing())
            }
        }
        #expect(error?.reason == "bind(into:) must bind exactly one value, bound 2")
        var builder = SQLBuilder()
        #expect(throws: SQLEncodingError.self) { try builder.value(BindsNothing()) }
    }

    struct RawText: SQLCustomType {
        var bytes: [UInt8]
        static var storage: SQLStorage { .text }
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            bytes = reader.withUnsafeTextBytes(at: index) { Array($0) }
        }
        func bind(into context: inout some SQLBindingContext) throws {
            try bytes.withUnsafeBytes { try context.bindText(utf8: $0) }
        }
    }

    @Test func textBoundFromBytesMustBeUTF8InEveryContext() throws {
        let database = try Database.inMemory()
        try database.read { db in
            #expect(throws: SQLEncodingError.self) { try db.fetchOne(String.self, "SELECT ?", RawText([0x68, 0xFF])) }
            let text = try db.fetchOne(String.self, "SELECT ?", RawText(Array("héllo".utf8)))
            #expect(text == "héllo")
        }
        var builder = SQLBuilder()
        #expect(throws: SQLEncodingError.self) { try builder.value(RawText([0x68, 0xFF])) }
        var literal = SQLBuilder(mode: .inlineLiterals)
        #expect(throws: SQLEncodingError.self) { try literal.value(RawText([0xC3])) }
    }

    @Test func sqlWithANULByteIsRefused() throws {
        let database = try Database.inMemory()
        let query = SQLFragment {
            $0.keyword("SELECT 1 AS"); $0.identifier("a\0b")
        }
        let error = try database.read { db in
            #expect(throws: SQLiteError.self) { try db.fetchAll(Int.self, query) }
        }
        #expect(error?.code == .misuse)
        #expect(throws: SQLiteError.self) { try database.write { db in try db.execute("SELECT 1;\0 DROP TABLE x") } }
    }
}
