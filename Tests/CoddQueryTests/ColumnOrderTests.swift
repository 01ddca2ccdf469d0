import Codd
import CustomDump
import Foundation
import Testing

/// A row whose table stores its columns in another order than the struct declares them.
@Table("pairs")
struct Pair: Equatable {
    let id: Int
    var a: String
    var b: String
    var flag: Bool
    @Column(#"it's "odd" -- 😀"#) var odd: String?
}

/// A table's row fetched with SQL written by hand reads each field from the column of its
/// name, whatever order the statement returns them in: a table a migration rebuilt, `SELECT
/// *`, a list in another order. (It read them by position: `a` got `b`'s value, silently.)
@Suite("rows read by column name")
struct ColumnOrderTests {
    let database: Database
    let rows = [
        Pair(id: 1, a: "A", b: "B", flag: true, odd: "it's -- 😀"),
        Pair(id: 2, a: "a2", b: "b2", flag: false, odd: nil),
    ]

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "pairs" ("it's ""odd"" -- 😀" TEXT, "b" TEXT NOT NULL, "flag" INTEGER NOT NULL, "a" TEXT NOT NULL, "id" INTEGER PRIMARY KEY)"#
            )
            try Pair.insert(rows).execute(db)
        }
    }

    @Test func selectStarOfATableInAnotherOrderReadsByName() throws {
        try database.read { db in
            #expect(try Pair.order(by: \.id).fetchAll(db) == rows)
            #expect(try db.fetchAll(Pair.self, #"SELECT * FROM "pairs" ORDER BY "id""#) == rows)
            #expect(try db.fetchOne(Pair.self, #"SELECT * FROM "pairs" WHERE "id" = ?"#, 1) == rows[0])
            let cursor = try db.cursor(Pair.self, SQLFragment(sql: #"SELECT * FROM "pairs" ORDER BY "id""#))
            var fetched: [Pair] = []
            while let row = try cursor.next() { fetched.append(row) }
            #expect(fetched == rows)
        }
    }

    /// Names compare as SQLite's do (ASCII case folded); extra columns are left unread.
    @Test func anyOrderAnyCaseAndMoreColumns() throws {
        try database.read { db in
            let sql = #"SELECT "flag", 'extra' AS "x", "B", "it's ""odd"" -- 😀", "A", "ID" FROM "pairs" ORDER BY "id""#
            #expect(try db.fetchAll(Pair.self, sql) == rows)
            // The same statement, cached, read as a tuple: by position, as a tuple reads.
            let tuples = try db.fetchAll((Bool, String, String, String?, String, Int).self, sql)
            #expect(tuples.map(\.2) == ["B", "b2"])
        }
    }

    /// A statement whose columns do not all carry the row's names reads by position, as
    /// written (a computed column); one that names a column twice, or misses one, and has
    /// not as many columns is an error.
    @Test func columnsWithoutTheirNamesReadByPosition() throws {
        try database.read { db in
            let computed = try db.fetchAll(
                Pair.self, #"SELECT "id", upper("a"), "b", "flag", "it's ""odd"" -- 😀" FROM "pairs" ORDER BY "id""#)
            #expect(computed.map(\.a) == ["A", "A2"])
            #expect {
                try db.fetchAll(Pair.self, #"SELECT "id", "a", "a", "b" FROM "pairs""#)
            } throws: { error in
                "\(error)".contains("The query returns 4 column(s) but Pair reads 5")
            }
        }
    }

    /// An error of a row read by name names the column it read.
    @Test func aDecodingErrorNamesTheColumnReadByName() throws {
        try database.write { db in try db.execute(#"UPDATE "pairs" SET "b" = x'FF' WHERE "id" = 2"#) }
        #expect {
            try database.read { db in try db.fetchAll(Pair.self, #"SELECT * FROM "pairs""#) }
        } throws: { error in
            let error = error as? SQLDecodingError
            return error?.column == "b"
        }
    }

    /// `cursor` with SQL and values reads by name too.
    @Test func aCursorOfSQLReadsByName() throws {
        try database.read { db in
            let cursor = try db.cursor(Pair.self, #"SELECT * FROM "pairs" WHERE "id" >= ? ORDER BY "id""#, 1)
            var fetched: [Pair] = []
            while let row = try cursor.next() { fetched.append(row) }
            #expect(fetched == rows)
        }
    }

    /// A cached statement whose check failed for another type keeps nothing of the last one:
    /// the row type's next fetch checks again and reads by name.
    @Test func aFailedCheckLeavesNothingStale() throws {
        let sql = #"SELECT "b", "a", "id", "flag", "it's ""odd"" -- 😀" FROM "pairs" ORDER BY "id""#
        let expected = rows
        func check(_ db: Connection) throws {
            #expect(try db.fetchAll(Pair.self, sql) == expected)
            #expect(throws: SQLiteError.self) { try db.fetchOne(Int.self, sql) }
            #expect(try db.fetchAll(Pair.self, sql) == expected)
        }
        try database.read(check)
    }

    /// A migration that rebuilds the table with its columns in another order, after a
    /// statement was cached: SQLite prepares it again at its next step, and the row is
    /// checked again by the names it has now.
    @Test func aTableRebuiltUnderACachedStatementReadsByItsNewNames() throws {
        let sql = #"SELECT * FROM "pairs" ORDER BY "id""#
        try database.write { db in
            #expect(try db.fetchAll(Pair.self, sql) == rows)
            try db.execute(
                #"""
                CREATE TABLE "pairs2" ("a" TEXT NOT NULL, "id" INTEGER PRIMARY KEY, "flag" INTEGER NOT NULL, "b" TEXT NOT NULL, "it's ""odd"" -- 😀" TEXT);
                INSERT INTO "pairs2" SELECT "a", "id", "flag", "b", "it's ""odd"" -- 😀" FROM "pairs";
                DROP TABLE "pairs";
                ALTER TABLE "pairs2" RENAME TO "pairs";
                """#)
            #expect(try db.fetchAll(Pair.self, sql) == rows)
            #expect(try db.fetchOne(Pair.self, sql) == rows[0])
        }
    }

    /// A table-valued function's rows select `value` in its JSON form: SQL written by hand
    /// (`SELECT *`) is refused by its column count, not read by name into a wrong form.
    @Test func jsonEachRowsStillReadByPosition() throws {
        #expect(JSONEach<Int, StandardJSONOptions>.decodedColumnNames == nil)
        #expect {
            try database.read { db in
                try db.fetchAll(JSONEach<Int, StandardJSONOptions>.self, "SELECT * FROM json_each('[1]')")
            }
        } throws: { error in
            "\(error)".contains("The query returns 8 column(s)")
        }
    }
}
