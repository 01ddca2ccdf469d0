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
