import Codd
import Foundation
import Testing

@Suite("Aggregate functions written in Swift")
struct AggregateFunctionTests {
    func makeDatabase(_ function: TotalLength) throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.add(function: function)
            try db.execute(#"CREATE TABLE "notes" ("list" INTEGER, "text" TEXT)"#)
            try db.execute(#"INSERT INTO "notes" VALUES (1, 'ab'), (1, 'cde'), (2, NULL), (2, '🎉'), (3, 'x')"#)
        }
        return database
    }

    @Test func groupsFoldTheirRowsAndStatesAreReleased() throws {
        let counter = LiveCounter()
        let database = try makeDatabase(TotalLength(counter: counter))
        let rows = try database.read { db in
            try db.fetchAll(
                (Int, Int).self,
                #"SELECT "list", "total_length"("text") FROM "notes" GROUP BY "list" ORDER BY "list""#
            )
        }
        #expect(rows.map(\.0) == [1, 2, 3])
        #expect(rows.map(\.1) == [5, 1, 1])
        #expect(counter.live == 0)
    }

    @Test func anEmptyInputFinishesAFreshState() throws {
        let counter = LiveCounter()
        let database = try makeDatabase(TotalLength(counter: counter))
        let total = try database.read { db in
            try db.fetchOne(Int.self, #"SELECT "total_length"("text") FROM "notes" WHERE 0"#)
        }
        #expect(total == 0)
        #expect(counter.live == 0)
    }

    @Test func aThrowingStepFailsTheStatementAndReleasesTheState() throws {
        let counter = LiveCounter()
        let database = try makeDatabase(TotalLength(counter: counter, failOn: "cde"))
        try database.read { db in
            let error = #expect(throws: SQLiteError.self) {
                try db.fetchAll(Int.self, #"SELECT "total_length"("text") FROM "notes" GROUP BY "list""#)
            }
            #expect(error?.functionError == SQLFunctionError(function: "total_length", message: "refused a value"))
            let listThree = try db.fetchOne(Int.self, #"SELECT "total_length"("text") FROM "notes" WHERE "list" = 3"#)
            #expect(listThree == 1)
        }
        #expect(counter.live == 0)
    }

    @Test func aWrongStorageClassNamesTheArgument() throws {
        let counter = LiveCounter()
        let database = try makeDatabase(TotalLength(counter: counter))
        try database.read { db in
            let error = #expect(throws: SQLiteError.self) {
                try db.fetchAll(Int.self, #"SELECT "total_length"(X'00') FROM "notes""#)
            }
            #expect(error?.functionError?.argument == 1)
            #expect(error?.functionError?.argumentLabel == "text")
        }
        #expect(counter.live == 0)
    }

    @Test func theFunctionIsReleasedWithTheDatabase() throws {
        let counter = LiveCounter()
        do {
            let tracked = Tracked(counter)
            _ = try makeDatabase(TotalLength(counter: tracked.counter))
        }
        #expect(counter.live == 0)
    }
}
