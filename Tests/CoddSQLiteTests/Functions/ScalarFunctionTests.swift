import Codd
import Foundation
import Testing

@Suite("Scalar functions written in Swift")
struct ScalarFunctionTests {
    @Test func argumentsAndResultGoThroughTheCodecs() throws {
        let database = try Database.inMemory()
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let text = try database.write { db in
            try db.add(function: ShiftFunction())
            return try db.fetchOne(
                String.self, #"SELECT "shift"(?, ?, ?, ?)"#,
                id, Date(timeIntervalSince1970: 86_400), Level.high, String?.none
            )
        }
        #expect(text == "E621E1F8|86400|high|nil")
    }

    @Test func codecResultsReadBack() throws {
        let database = try Database.inMemory()
        let next = ClosureFunction<Date, Date>(name: "next_day") { $0.addingTimeInterval(86_400) }
        let upgrade = ClosureFunction<Level?, Level?>(name: "upgrade") { $0.map { _ in .high } }
        let rows = try database.write { db in
            try db.add(function: next)
            try db.add(function: upgrade)
            return try db.fetchOne(
                (Date, Level?, Level?).self, #"SELECT "next_day"(?), "upgrade"(?), "upgrade"(NULL)"#,
                Date(timeIntervalSince1970: 0), Level.low
            )
        }
        #expect(rows?.0 == Date(timeIntervalSince1970: 86_400))
        #expect(rows?.1 == .high)
        #expect(rows?.2 == nil)
    }

    @Test func aThrowingFunctionFailsTheStatementWithATypedError() throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            try db.add(function: ClosureFunction<Int, Int>(name: "explode") { _ in throw Boom() })
            let error = #expect(throws: SQLiteError.self) {
                try db.fetchOne(Int.self, #"SELECT "explode"(1)"#)
            }
            #expect(error?.code == .error)
            #expect(error?.message == #"Function "explode" failed: boom"#)
            #expect(error?.functionError == SQLFunctionError(function: "explode", message: "boom"))
            // The connection is still usable.
            #expect(try db.fetchOne(Int.self, "SELECT 1") == 1)
        }
        try database.write(check)
    }

    @Test func aWrongStorageClassNamesTheFunctionAndTheArgument() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            try db.add(function: ShiftFunction())
            let error = #expect(throws: SQLiteError.self) {
                try db.fetchOne(String.self, #"SELECT "shift"(?, 0, 'high', NULL)"#, 42)
            }
            let functionError = try #require(error?.functionError)
            #expect(functionError.function == "shift")
            #expect(functionError.argument == 1)
            #expect(functionError.argumentLabel == "id")
            #expect(
                functionError.description
                    == #"Function "shift" failed on argument 1 (id): cannot read UUID: expected TEXT, found INTEGER 42: storage class mismatch"#
            )
            let unknownCase = #expect(throws: SQLiteError.self) {
                try db.fetchOne(String.self, #"SELECT "shift"(?, '2024-01-01', 'medium', NULL)"#, UUID())
            }
            #expect(unknownCase?.functionError?.argument == 3)
            #expect(unknownCase?.functionError?.message.hasSuffix("unknown raw value") == true)
            let null = #expect(throws: SQLiteError.self) {
                try db.fetchOne(String.self, #"SELECT "shift"(?, NULL, 'low', NULL)"#, UUID())
            }
            #expect(null?.functionError?.argument == 2)
            #expect(
                null?.functionError?.message
                    == "cannot read Date: expected TEXT, found NULL: NULL in a column whose type does not accept NULL")
        }
        try database.write(check)
    }

    @Test func hostileNamesAreQuotedAndNULIsRefused() throws {
        let database = try Database.inMemory()
        let name = "it's \"quoted\" -- ; DROP TABLE x; 🎉"
        func check(_ db: Connection) throws {
            try db.add(function: ClosureFunction<String, String>(name: name) { $0 + "!" })
            var builder = SQLBuilder()
            builder.keyword("SELECT")
            builder.function(named: name) { $0.listItem { $0.identifier("v") } }
            let sql = String(decoding: builder.sqlBytes, as: UTF8.self)
            #expect(sql == #"SELECT "it's ""quoted"" -- ; DROP TABLE x; 🎉"("v")"#)
            try db.execute(#"CREATE TABLE "t" ("v" TEXT)"#)
            try db.execute(#"INSERT INTO "t" VALUES ('a''b')"#)
            #expect(try db.fetchOne(String.self, sql + #" FROM "t""#) == "a'b!")
            let nul = #expect(throws: SQLiteError.self) {
                try db.add(function: ClosureFunction<String, String>(name: "a\u{0}b") { $0 })
            }
            #expect(nul?.code == .misuse)
            let long = #expect(throws: SQLiteError.self) {
                try db.add(function: ClosureFunction<String, String>(name: String(repeating: "x", count: 256)) { $0 })
            }
            #expect(long?.code == .misuse)
        }
        try database.write(check)
    }

    @Test func nullsReachOptionalArgumentsAndNonOptionalOnesRefuseThem() throws {
        let database = try Database.inMemory()
        let describe = ClosureFunction<Int?, String>(name: "describe") { $0.map(String.init) ?? "none" }
        let double = ClosureFunction<Int, Int>(name: "double") { $0 * 2 }
        try database.write { db in
            try db.add(function: describe)
            try db.add(function: double)
            #expect(try db.fetchOne(String.self, #"SELECT "describe"(NULL)"#) == "none")
            #expect(try db.fetchOne(String.self, #"SELECT "describe"(7)"#) == "7")
            let error = #expect(throws: SQLiteError.self) { try db.fetchOne(Int.self, #"SELECT "double"(NULL)"#) }
            #expect(error?.functionError?.argument == 1)
        }
    }

    @Test func directOnlyFunctionsAreRefusedInViewsAndTriggers() throws {
        let database = try Database.inMemory()
        var direct = ClosureFunction<Int, Int>(name: "secret") { $0 + 1 }
        direct.options = [.directOnly]
        try database.write { db in
            try db.add(function: direct)
            #expect(try db.fetchOne(Int.self, #"SELECT "secret"(1)"#) == 2)
            try db.execute(#"CREATE VIEW "v" AS SELECT "secret"(1) AS "x""#)
            let error = #expect(throws: SQLiteError.self) { try db.fetchOne(Int.self, #"SELECT "x" FROM "v""#) }
            #expect(error?.message.contains("unsafe use of secret()") == true)
        }
    }

    @Test func onlyDeterministicFunctionsServeIndexes() throws {
        let database = try Database.inMemory()
        var pure = ClosureFunction<String, String>(name: "fold") { $0.lowercased() }
        pure.options = [.deterministic]
        let impure = ClosureFunction<String, String>(name: "fold_impure") { $0.lowercased() }
        try database.write { db in
            try db.add(function: pure)
            try db.add(function: impure)
            try db.execute(#"CREATE TABLE "t" ("v" TEXT)"#)
            try db.execute(#"CREATE INDEX "t_fold" ON "t" ("fold"("v"))"#)
            let error = #expect(throws: SQLiteError.self) {
                try db.execute(#"CREATE INDEX "t_fold_impure" ON "t" ("fold_impure"("v"))"#)
            }
            #expect(error?.message.contains("non-deterministic") == true)
        }
    }

    @Test func theBoxIsReleasedWhenReplacedAndWhenTheDatabaseCloses() throws {
        let counter = LiveCounter()
        // A function whose closure alone keeps a tracked object alive.
        func tracking(_ name: String, adding: Int) -> ClosureFunction<Int, Int> {
            let tracked = Tracked(counter)
            return ClosureFunction(name: name) {
                _ = tracked; return $0 + adding
            }
        }
        do {
            let database = try Database.inMemory()
            func check(_ db: Connection) throws {
                try db.add(function: tracking("f", adding: 0))
                #expect(counter.live == 1)
                try db.add(function: tracking("f", adding: 1))
                #expect(counter.live == 1)
                #expect(try db.fetchOne(Int.self, #"SELECT "f"(1)"#) == 2)
                // A registration SQLite refuses releases its box too.
                let refused = #expect(throws: SQLiteError.self) {
                    try db.add(function: tracking(String(repeating: "y", count: 300), adding: 0))
                }
                #expect(refused != nil)
                #expect(counter.live == 1)
                // Replacing a function a running statement uses: SQLite refuses (SQLITE_BUSY)
                // and calls the destroy callback of the box it was given.
                let cursor = try db.cursor(
                    Int.self,
                    #"WITH RECURSIVE "c"("x") AS (SELECT 1 UNION ALL SELECT "x" + 1 FROM "c" WHERE "x" < 3) SELECT "f"("x") FROM "c""#
                )
                _ = try cursor.next()
                let busy = #expect(throws: SQLiteError.self) { try db.add(function: tracking("f", adding: 5)) }
                #expect(busy?.code == .busy)
                #expect(counter.live == 1)
            }
            try database.write(check)
            try database.write { db in try db.removeFunction(named: "f", argumentCount: 1) }
            #expect(counter.live == 0)
            try database.write { db in try db.add(function: tracking("g", adding: 0)) }
            #expect(counter.live == 1)
        }
        #expect(counter.live == 0)
    }

    @Test func aResultBoundTwiceIsAnError() throws {
        struct Twice: SQLScalarFunction {
            var name: String { "twice" }
            var argumentCount: Int { 0 }
            var options: SQLFunctionOptions { [] }
            func call(arguments: some SQLColumnReader, result: inout some SQLBindingContext) throws {
                try result.bindInteger(1)
                try result.bindInteger(2)
            }
        }
        let database = try Database.inMemory()
        try database.write { db in
            try db.add(function: Twice())
            let error = #expect(throws: SQLiteError.self) { try db.fetchOne(Int.self, #"SELECT "twice"()"#) }
            #expect(error?.functionError?.message == "the result was bound twice")
        }
    }

    @Test func prepareDatabaseRegistersOnTheDatabasesConnection() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.add(function: ClosureFunction<Int, Int>(name: "plus_one") { $0 + 1 })
        }
        configuration.prepareDatabase { db in
            try db.add(function: ClosureFunction<Int, Int>(name: "times_two") { $0 * 2 })
        }
        let path = try temporaryDatabasePath()
        for _ in 0..<2 {
            let database = try Database(path: path, configuration: configuration)
            let value = try database.read { db in try db.fetchOne(Int.self, #"SELECT "times_two"("plus_one"(1))"#) }
            #expect(value == 4)
        }
    }
}
