#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// The driver on a real server: raw SQL, typed errors, decode errors, a user's own type.
extension PostgreSQLTests {
    @Suite("Driver") struct Driver {
        @Test func rawSQLWithNativeValues() async throws {
            func check(_ database: PGDatabase) async throws {
                let token = UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!
                let instant = Date(timeIntervalSinceReferenceDate: 700_000_000.123456)
                let row = try await database.read { db in
                    try await db.fetchOne(
                        (UUID, Date, Bool, Int, Double, String).self,
                        "SELECT $1::uuid, $2::timestamptz, $3::boolean, $4::int8, $5::float8, $6::text",
                        token, instant, true, Int.max, 0.1 + 0.2, "it's -- 🎉"
                    )
                }
                let values = try #require(row)
                #expect(values.0 == token)
                #expect(values.1 == instant)
                #expect(values.2 == true)
                #expect(values.3 == Int.max)
                #expect(values.4 == 0.1 + 0.2)
                #expect(values.5 == "it's -- 🎉")
                // Microseconds survive a round trip through timestamptz.
                let micros = try await database.read { db in
                    try await db.fetchOne(
                        Int.self, "SELECT (extract(epoch FROM $1::timestamptz) * 1000000)::int8", instant)
                }
                let expectedMicros: Int = 978_307_200_000_000 + 700_000_000_123_456
                #expect(micros == expectedMicros)
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A table's row fetched with SQL written by hand reads each field from the column of
        /// its name, whatever order the result returns them in (it read them by position).
        @Test func aTablesRowReadsItsColumnsByName() async throws {
            func check(_ database: PGDatabase) async throws {
                // A temporary "lists" with its columns in another order shadows the shared one
                // on this connection, and is dropped before the connection goes back.
                let (rows, folded) = try await database.write { db in
                    try await db.execute(
                        #"CREATE TEMPORARY TABLE "lists" ("title" text NOT NULL, "id" bigint PRIMARY KEY)"#)
                    try await db.execute(#"INSERT INTO pg_temp."lists" VALUES ('it''s -- 🎉', 1), ('Work', 2)"#)
                    let rows = try await db.fetchAll(ItemList.self, #"SELECT * FROM pg_temp."lists" ORDER BY "id""#)
                    let folded = try await db.fetchAll(
                        ItemList.self, #"SELECT ID, 'x' AS extra, TITLE FROM pg_temp."lists" ORDER BY 1"#)
                    try await db.execute(#"DROP TABLE pg_temp."lists""#)
                    return (rows, folded)
                }
                #expect(rows == [ItemList(id: 1, title: "it's -- 🎉"), ItemList(id: 2, title: "Work")])
                // PostgreSQL folds unquoted names to lower case: ID and TITLE are "id" and "title".
                #expect(folded.map(\.title) == ["it's -- 🎉", "Work"])
            }
            try await PGTestServer.withDatabase(check)
        }

        /// Hand-written SQL returning more or fewer columns than a tuple reads is an error naming
        /// both counts, the tuple and the SQL, as on SQLite: unchecked, the extra column was
        /// dropped unseen and the missing one read as NULL (`nil` for the optional).
        @Test func aTupleReadsExactlyTheResultsColumns() async throws {
            let more = "SELECT 1, 'a', 2"
            let fewer = "SELECT 1"
            let bound = "SELECT $1::int8, 'a', 2"
            func check(_ database: PGDatabase) async throws {
                try await database.read { db in
                    let all = await #expect(throws: PGError.self) { try await db.fetchAll((Int, String).self, more) }
                    Self.expectCountError(all, "The query returns 3 column(s) but (Int, String) reads 2", sql: more)
                    let one = await #expect(throws: PGError.self) { try await db.fetchOne((Int, String).self, more) }
                    Self.expectCountError(one, "The query returns 3 column(s) but (Int, String) reads 2", sql: more)
                    let withValue = await #expect(throws: PGError.self) {
                        try await db.fetchOne((Int, String).self, bound, 5)
                    }
                    Self.expectCountError(
                        withValue, "The query returns 3 column(s) but (Int, String) reads 2", sql: bound)
                    let short = await #expect(throws: PGError.self) {
                        try await db.fetchAll((Int, String?).self, fewer)
                    }
                    Self.expectCountError(
                        short, "The query returns 1 column(s) but (Int, Optional<String>) reads 2", sql: fewer)
                    let shortOne = await #expect(throws: PGError.self) {
                        try await db.fetchOne((Int, String?).self, fewer)
                    }
                    Self.expectCountError(
                        shortOne, "The query returns 1 column(s) but (Int, Optional<String>) reads 2", sql: fewer)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A single value reads one column: more, or none (PostgreSQL selects a row of no
        /// columns), is the same error, through SQL and through a fragment.
        @Test func aValueReadsExactlyOneColumn() async throws {
            let two = "SELECT 1, 2"
            let none = "SELECT FROM generate_series(1, 2)"
            func check(_ database: PGDatabase) async throws {
                try await database.read { db in
                    let all = await #expect(throws: PGError.self) { try await db.fetchAll(Int.self, two) }
                    Self.expectCountError(all, "The query returns 2 column(s) but Int reads 1", sql: two)
                    let one = await #expect(throws: PGError.self) { try await db.fetchOne(Int.self, two) }
                    Self.expectCountError(one, "The query returns 2 column(s) but Int reads 1", sql: two)
                    let empty = await #expect(throws: PGError.self) { try await db.fetchAll(Int.self, none) }
                    Self.expectCountError(empty, "The query returns 0 column(s) but Int reads 1", sql: none)
                    let fragment = SQLFragment(sql: "SELECT $1::int8, 2", bindings: [.integer(7)])
                    let fromFragment = await #expect(throws: PGError.self) { try await db.fetchOne(Int.self, fragment) }
                    Self.expectCountError(
                        fromFragment, "The query returns 2 column(s) but Int reads 1", sql: fragment.sql)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A statement whose raw selection (`SQLRaw`) returns two columns for one `Int` is the
        /// error too, run directly and prepared (each decodes its rows).
        @Test func aStatementsRowReadsExactlyItsColumns() async throws {
            let id = SQLNamedBindingReference<Int>(name: "id")
            let twoColumns: SQLRaw<Int> = #""id", 2"#
            let direct = ItemList.order(by: \.id).select { _ in twoColumns }
            let prepared = try ItemList.where { $0.id.eq(id) }.select { _ in twoColumns }.preparedForPostgreSQL()
            let message = "The query returns 2 column(s) but Int reads 1"
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    // Shadows the shared "lists" on this connection until the commit.
                    try await db.execute(
                        #"CREATE TEMPORARY TABLE "lists" ("id" bigint PRIMARY KEY, "title" text NOT NULL) ON COMMIT DROP"#
                    )
                    try await db.execute(#"INSERT INTO pg_temp."lists" VALUES (1, 'a'), (2, 'b')"#)
                    let sql = try direct.postgreSQLFragment().sql
                    let all = await #expect(throws: PGError.self) { try await direct.fetchAll(db) }
                    Self.expectCountError(all, message, sql: sql)
                    let preparedAll = await #expect(throws: PGError.self) {
                        try await prepared.fetchAll(db, id.bound(to: 1))
                    }
                    Self.expectCountError(preparedAll, message, sql: prepared.sql)
                    let preparedOne = await #expect(throws: PGError.self) {
                        try await prepared.fetchOne(db, id.bound(to: 2))
                    }
                    Self.expectCountError(preparedOne, message, sql: prepared.sql)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A table's row reads by name: columns it does not read are allowed; one it reads but
        /// the result lacks leaves it reading by position, and the count must then match.
        @Test func aTablesRowMayReturnColumnsItDoesNotRead() async throws {
            let extra = #"SELECT 'x' AS "extra", 7 AS "id", 'T' AS "title""#
            let missing = #"SELECT 7 AS "id""#
            let renamed = #"SELECT 7 AS "id", 'T' AS "name", 0 AS "extra""#
            func check(_ database: PGDatabase) async throws {
                try await database.read { db in
                    let all = try await db.fetchAll(ItemList.self, extra)
                    #expect(all == [ItemList(id: 7, title: "T")])
                    let one = try await db.fetchOne(ItemList.self, extra)
                    #expect(one == ItemList(id: 7, title: "T"))
                    let lacking = await #expect(throws: PGError.self) { try await db.fetchOne(ItemList.self, missing) }
                    Self.expectCountError(lacking, "The query returns 1 column(s) but ItemList reads 2", sql: missing)
                    let other = await #expect(throws: PGError.self) { try await db.fetchAll(ItemList.self, renamed) }
                    Self.expectCountError(other, "The query returns 3 column(s) but ItemList reads 2", sql: renamed)
                }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// A tuple, a table's row in a tuple, and a value of the result's column count decode
        /// as before, every row.
        @Test func rowsOfTheResultsColumnCountDecode() async throws {
            let three = "SELECT 1, 'a', 2 UNION ALL SELECT 3, 'b', 4 ORDER BY 1"
            let two = "SELECT 5 UNION ALL SELECT 6 ORDER BY 1"
            func check(_ database: PGDatabase) async throws {
                let tuples = try await database.read { db in try await db.fetchAll((Int, String, Int).self, three) }
                #expect(tuples.map(\.0) == [1, 3])
                #expect(tuples.map(\.1) == ["a", "b"])
                #expect(tuples.map(\.2) == [2, 4])
                let withRow = try await database.read { db in try await db.fetchAll((ItemList, Int).self, three) }
                #expect(withRow.map(\.0) == [ItemList(id: 1, title: "a"), ItemList(id: 3, title: "b")])
                #expect(withRow.map(\.1) == [2, 4])
                let first = try await database.read { db in try await db.fetchOne((Int, String, Int).self, three) }
                #expect(first?.0 == 1)
                #expect(first?.1 == "a")
                #expect(first?.2 == 2)
                let values = try await database.read { db in try await db.fetchAll(Int.self, two) }
                #expect(values == [5, 6])
                let value = try await database.read { db in try await db.fetchOne(Int.self, two) }
                #expect(value == values.first)
            }
            try await PGTestServer.withDatabase(check)
        }

        /// `error` is the column count check's: Codd's misuse, its message and the SQL.
        static func expectCountError(
            _ error: PGError?, _ message: String, sql: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(error?.kind == .misuse, sourceLocation: sourceLocation)
            #expect(error?.message == message, sourceLocation: sourceLocation)
            #expect(error?.sql == sql, sourceLocation: sourceLocation)
            #expect(error?.sqlState == nil, sourceLocation: sourceLocation)
        }

        /// A multi-row insert of more parameters than one PostgreSQL message carries runs in
        /// parts, all or none, in the caller's transaction or one of its own.
        @Test func insertsOverTheParameterLimitRunInParts() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.withConnection { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "batchRows""#)
                    try await db.execute(
                        #"CREATE TABLE "batchRows" ("id" int8 PRIMARY KEY, "title" text NOT NULL UNIQUE, "score" float8 NOT NULL)"#
                    )
                }
                // 25,000 rows of 3 columns: 75,000 parameters, over 65,535.
                let rows = (1...25_000).map { BatchRow(id: $0, title: "row \($0) it's 🎉", score: Double($0) / 3) }
                try await database.withConnection { db in try await BatchRow.insert(rows).execute(db) }
                let stored = try await database.read { db in try await BatchRow.order(by: \.id).fetchAll(db) }
                #expect(stored == rows)

                // RETURNING gathers every part's rows; inside write, one transaction.
                let more = (25_001...50_000).map { BatchRow(id: $0, title: "more \($0)", score: 0) }
                let ids = try await database.write { db in try await BatchRow.insert(more).returning(\.id).fetchAll(db)
                }
                #expect(ids == Array(25_001...50_000))

                // A failing part leaves no row of the insert, with or without a transaction.
                var failing = (50_001...75_000).map { BatchRow(id: $0, title: "failing \($0)", score: 0) }
                failing[24_000].title = "row 1 it's 🎉"
                await #expect(throws: PGError.self) {
                    try await database.withConnection { db in try await BatchRow.insert(failing).execute(db) }
                }
                await #expect(throws: PGError.self) {
                    try await database.write { db in try await BatchRow.insert(failing).execute(db) }
                }
                let count = try await database.read { db in try await BatchRow.all.fetchCount(db) }
                #expect(count == 50_000)
                try await database.withConnection { db in try await db.execute(#"DROP TABLE "batchRows""#) }
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func serverErrorsCarrySQLSTATE() async throws {
            func check(_ database: PGDatabase) async throws {
                try await SharedSchema.resetPostgreSQL(database)
                let duplicate = await #expect(throws: PGError.self) {
                    try await database.write { db in
                        try await ItemList.insert([ItemList(id: 1, title: "again")]).execute(db)
                    }
                }
                #expect(duplicate?.kind == .server)
                #expect(duplicate?.sqlState == "23505")
                #expect(duplicate?.message.contains("duplicate key") == true)
                #expect(duplicate?.sql?.hasPrefix(#"INSERT INTO "lists""#) == true)
                let syntax = await #expect(throws: PGError.self) {
                    try await database.read { db in try await db.execute("SELEC 1") }
                }
                #expect(syntax?.sqlState == "42601")
                // The failed write left nothing behind; the pool still works.
                let count = try await database.read { db in try await ItemList.all.fetchCount(db) }
                #expect(count == 3)
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func decodeErrorsNameTableAndColumn() async throws {
            func check(_ database: PGDatabase) async throws {
                try await SharedSchema.resetPostgreSQL(database)
                try await database.write { db in
                    try await db.execute(#"UPDATE "items" SET "priority" = 99 WHERE "id" = 1"#)
                }
                let error = await #expect(throws: SQLDecodingError.self) {
                    try await database.read { db in try await Item.order(by: \.id).fetchAll(db) }
                }
                #expect(error?.table == "items")
                #expect(error?.column == "priority")
                #expect(error?.reason == .unknownRawValue)
                #expect(error?.sql?.contains(#"FROM "items""#) == true)
            }
            try await PGTestServer.withDatabase(check)
        }

        @Test func ownTypeThroughItsStorageClass() async throws {
            try await PGTestServer.withDatabase { database in
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "money""#)
                    try await db.execute(
                        #"CREATE TABLE "money" ("id" bigint PRIMARY KEY, "amount" bigint NOT NULL, "note" text NOT NULL)"#
                    )
                    try await Money.insert([
                        Money(id: 1, amount: Cents(1999), note: "a"), Money(id: 2, amount: Cents(-5), note: "b"),
                    ]).execute(db)
                }
                let rows = try await database.read { db in
                    try await Money.where { $0.amount > Cents(0) }.fetchAll(db)
                }
                #expect(rows == [Money(id: 1, amount: Cents(1999), note: "a")])
            }
        }
    }
}

/// A user's type that only knows SQLite's storage classes works through them.
struct Cents: SQLCustomType, SQLComparable, Equatable {
    var value: Int64
    init(_ value: Int64) { self.value = value }
    static var storage: SQLStorage { .integer }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.integer, at: index, for: Cents.self)
        value = reader.readInt64(at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindInteger(value) }
}

@Table("money")
struct Money: Equatable {
    let id: Int
    var amount: Cents
    var note: String
}

/// A row of the parameter-limit test.
@Table("batchRows")
struct BatchRow: Equatable {
    let id: Int
    var title = ""
    var score = 0.0
}
#endif
