import Codd
import Foundation
import Testing

@Suite("Transactions keep what commits and nothing else")
struct TransactionTests {
    struct Boom: Error {}

    func counts(_ database: Database) throws -> Int {
        try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "values""#) ?? -1 }
    }

    @Test func aFailedWriteLeavesTheDatabaseExactlyAsBefore() throws {
        let database = try makeDatabase(column: "TEXT")
        try database.write { db in try db.execute(#"INSERT INTO "values" ("v") VALUES ('kept')"#) }
        #expect(throws: Boom.self) {
            try database.write { db in
                try db.execute(#"INSERT INTO "values" ("v") VALUES ('lost')"#)
                try db.execute(#"UPDATE "values" SET "v" = 'changed'"#)
                try db.execute(#"CREATE TABLE "other" ("x")"#)
                throw Boom()
            }
        }
        let rows = try database.read { db in try db.fetchAll(String.self, #"SELECT "v" FROM "values""#) }
        #expect(rows == ["kept"])
        let tables = try database.read { db in
            try db.fetchAll(String.self, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["values"])
    }

    @Test func anSQLiteErrorInsideAWriteRollsBackTheWholeTransaction() throws {
        let database = try makeDatabase(column: "TEXT NOT NULL")
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.execute(#"INSERT INTO "values" ("v") VALUES ('first')"#)
                try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, String?.none)
            }
        }
        #expect(error?.code == .constraint)
        #expect(error?.extendedCode.rawValue == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        #expect(try counts(database) == 0)
    }

    @Test func committedWritesSurviveReopeningTheFile() throws {
        let path = try temporaryDatabasePath()
        do {
            let database = try Database(path: path)
            try database.write { db in
                try db.execute(#"CREATE TABLE "values" ("id" INTEGER PRIMARY KEY, "v" TEXT)"#)
                try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, "durable")
            }
        }
        let reopened = try Database(path: path)
        let values = try reopened.read { db in try db.fetchAll(String.self, #"SELECT "v" FROM "values""#) }
        #expect(values == ["durable"])
        let mode = try reopened.withConnection { db in try db.fetchOne(String.self, "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func savepointsNestAndRollBackOnlyTheirOwnWork() throws {
        let database = try makeDatabase(column: "TEXT")
        try database.write { db in
            try db.execute(#"INSERT INTO "values" ("v") VALUES ('outer')"#)
            #expect(throws: Boom.self) {
                try db.savepoint { db in
                    try db.execute(#"INSERT INTO "values" ("v") VALUES ('inner, undone')"#)
                    throw Boom()
                }
            }
            try db.savepoint { db in
                try db.execute(#"INSERT INTO "values" ("v") VALUES ('inner, kept')"#)
                try? db.transaction { db in
                    try db.execute(#"INSERT INTO "values" ("v") VALUES ('innermost, undone')"#)
                    throw Boom()
                }
            }
        }
        let rows = try database.read { db in try db.fetchAll(String.self, #"SELECT "v" FROM "values" ORDER BY "id""#) }
        #expect(rows == ["outer", "inner, kept"])
    }

    @Test func aSavepointThatSucceedsIsStillUndoneWhenTheOuterWriteFails() throws {
        let database = try makeDatabase(column: "TEXT")
        #expect(throws: Boom.self) {
            try database.write { db in
                try db.savepoint { db in try db.execute(#"INSERT INTO "values" ("v") VALUES ('x')"#) }
                throw Boom()
            }
        }
        #expect(try counts(database) == 0)
    }

    @Test func readsCannotWrite() throws {
        let database = try makeDatabase(column: "TEXT")
        let error = #expect(throws: SQLiteError.self) {
            try database.read { db in try db.execute(#"INSERT INTO "values" ("v") VALUES ('x')"#) }
        }
        #expect(error?.code == .readOnly)
        // The connection is writable again afterwards.
        try database.write { db in try db.execute(#"INSERT INTO "values" ("v") VALUES ('x')"#) }
        #expect(try counts(database) == 1)
    }

    @Test func nestedAccessOnTheSameThreadIsAnErrorNotADeadlock() throws {
        let database = try makeDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try database.write { _ in
                try database.write { _ in }
            }
        }
        #expect(error?.code == .misuse)
        #expect(error?.message.contains("savepoint") == true)
    }

    @Test func foreignKeysAreEnforced() throws {
        let database = try Database.inMemory()
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.execute(
                    """
                    CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY);
                    CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "listID" INTEGER REFERENCES "lists"("id"));
                    """)
                try db.execute(#"INSERT INTO "items" ("listID") VALUES (?)"#, 99)
            }
        }
        #expect(error?.code == .constraint)
        #expect(error?.extendedCode.rawValue == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    }
}

@Suite("Concurrent use from many tasks")
struct ConcurrencyTests {
    @Test func manyTasksWritingAndReadingAccountForEveryRow() async throws {
        let database = try makeDatabase(column: "INTEGER")
        let tasks = 50
        let rowsPerTask = 40
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for row in 0..<rowsPerTask {
                        try database.write { db in
                            try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, task * 1000 + row)
                        }
                        if row % 10 == 0 {
                            _ = try database.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "values""#) }
                        }
                    }
                    return task
                }
            }
            var finished = 0
            for try await _ in group { finished += 1 }
            #expect(finished == tasks)
        }
        let values = try database.read { db in try db.fetchAll(Int.self, #"SELECT "v" FROM "values" ORDER BY "v""#) }
        let expected = (0..<tasks).flatMap { task in (0..<rowsPerTask).map { task * 1000 + $0 } }
        #expect(values == expected)
    }

    @Test func twoDatabasesOnOneFileSeeEachOthersCommits() async throws {
        let path = try temporaryDatabasePath()
        let writer = try Database(path: path)
        try writer.write { db in try db.execute(#"CREATE TABLE "values" ("id" INTEGER PRIMARY KEY, "v" INTEGER)"#) }
        let reader = try Database(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try writer.write { db in try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, index) }
                }
                group.addTask {
                    _ = try reader.read { db in try db.fetchAll(Int.self, #"SELECT "v" FROM "values""#) }
                }
            }
            try await group.waitForAll()
        }
        let count = try reader.read { db in try db.fetchOne(Int.self, #"SELECT count(*) FROM "values""#) }
        #expect(count == 20)
    }
}
