#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// A date in the default TEXT representation and in a numeric one: on PostgreSQL both are
/// `timestamptz`.
@Table("eraDates")
struct EraDate: Equatable {
    let id: Int
    var at: Date
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var milliseconds: Date
}

/// A value of one's own that binds as a native timestamp before any PostgreSQL holds.
struct BeforeEveryTimestamp: SQLBindable, SQLNativelyTyped {
    static var storage: SQLStorage { .integer }
    static var nativeKind: SQLNativeKind { .timestamp }
    var nativeValue: SQLNativeValue? { .timestamp(microsecondsSince1970: -210_866_803_200_000_001) }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindInteger(0) }
}

/// Years 0 and before on PostgreSQL, which has no year 0: astronomical year 0 is 1 BC
/// (`0001-… BC`), -1 is 2 BC. Codd used to bind `0000-12-30 …::timestamptz`, and the server
/// answered 22008 (date/time field value out of range).
extension PostgreSQLTests {
    @Suite("Dates of year 0 and before") struct DateEras {
        /// Each date (proleptic Gregorian, astronomical years), in milliseconds since 1970,
        /// and the text Codd binds for it on PostgreSQL.
        static let cases: [(milliseconds: Int64, postgreSQL: String)] = [
            (-62_135_769_600_000, "0001-12-30 00:00:00.000000+00 BC"),  // 0000-12-30
            (-62_135_596_800_000, "0001-01-01 00:00:00.000000+00"),  // 0001-01-01, AD
            (-62_184_453_903_211, "0002-06-15 12:34:56.789000+00 BC"),  // -0001-06-15 12:34:56.789
            (-62_167_219_200_000, "0001-01-01 00:00:00.000000+00 BC"),  // 0000-01-01, the TEXT range's first day
            // The last instant of every range: so far from 2001 a `Date`'s `Double` steps by
            // about 30 µs, and the one nearest .999 is .999008.
            (253_402_300_799_999, "9999-12-31 23:59:59.999008+00"),
            (-210_866_760_000_000, "4714-11-24 12:00:00.000000+00 BC"),  // julian day 0, the numeric ranges' first
        ]

        static var rows: [EraDate] {
            cases.enumerated().map { offset, entry in
                EraDate(id: offset + 1, at: date(entry.milliseconds), milliseconds: date(entry.milliseconds))
            }
        }

        /// The trial's date: Foundation's Gregorian calendar is Julian before 1582, so its
        /// year 1, January 1 is 0000-12-30 in the proleptic Gregorian reckoning Codd uses.
        @Test func foundationsFirstOfJanuaryYearOneIsYearZero() throws {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            let first = calendar.date(from: DateComponents(year: 1, month: 1, day: 1))
            #expect(first == date(-62_135_769_600_000))
        }

        /// Written as a bound parameter (`$1::timestamptz`) and as an inline literal, compared,
        /// bound straight from Swift, and read back: the same `Date`.
        @Test func yearsZeroAndBeforeRoundTrip() async throws {
            let rows = Self.rows
            let insert = EraDate.insert(rows)
            let all = EraDate.order(by: \.id)
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "eraDates""#)
                    try await db.execute(
                        #"CREATE TABLE "eraDates" ("id" bigint PRIMARY KEY, "at" timestamptz NOT NULL, "milliseconds" timestamptz NOT NULL)"#
                    )
                    try await insert.execute(db)
                }
                #expect(try await database.read { db in try await all.fetchAll(db) } == rows)
                for (row, entry) in zip(rows, Self.cases) {
                    let query = EraDate.where { $0.at.eq(row.at) }.select(\.id)
                    let inline = query.description(in: .postgreSQL)
                    #expect(
                        inline == #"SELECT "id" FROM "eraDates" WHERE ("at" = '\#(entry.postgreSQL)'::timestamptz)"#)
                    let found = try await database.read { db in try await query.fetchAll(db) }
                    let foundInline = try await database.read { db in try await db.fetchAll(Int.self, inline) }
                    let bound = try await database.read { db in
                        try await db.fetchOne(Date.self, "SELECT $1::timestamptz", row.at)
                    }
                    let text = try await database.read { db in
                        try await db.fetchOne(
                            String.self, #"SELECT "at"::text FROM "eraDates" WHERE "id" = $1"#, row.id)
                    }
                    #expect(found == [row.id])
                    #expect(foundInline == [row.id])
                    #expect(bound == row.at)
                    // The server's own text names the same day.
                    let serverDay: String = String((text ?? "").prefix(10))
                    let serverEra: Bool = (text ?? "").hasSuffix(" BC")
                    #expect(serverDay == String(entry.postgreSQL.prefix(10)))
                    #expect(serverEra == entry.postgreSQL.hasSuffix(" BC"))
                }
                try await database.write { db in try await db.execute(#"DROP TABLE "eraDates""#) }
            }
            try await PGTestServer.withDatabase(check)
        }

        /// SQLite's round trip of the same dates: the numeric representations hold every one;
        /// the TEXT one holds years 0000 to 9999 and refuses the two before.
        @Test func sqliteHoldsTheSameDatesAsItsRepresentationsSay() throws {
            let database = try Database.inMemory()
            try database.write { db in
                try db.execute(
                    #"CREATE TABLE "eraDates" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "milliseconds" INTEGER NOT NULL)"#
                )
            }
            var refused: [String] = []
            for row in Self.rows {
                do {
                    try database.write { db in try EraDate.insert([row]).execute(db) }
                    #expect(try database.read { db in try EraDate.find(row.id).fetchOne(db) } == row)
                } catch let error as SQLEncodingError {
                    refused.append(error.description)
                }
            }
            #expect(
                refused == [
                    "Cannot encode Date value -1-06-15 12:34:56.789 UTC: the year is outside 0000…9999, the years a TEXT date holds",
                    "Cannot encode Date value -4713-11-24 12:00:00.000 UTC: the year is outside 0000…9999, the years a TEXT date holds",
                ])
        }

        /// Past what a representation holds is a typed error naming the date, on PostgreSQL
        /// too; a native timestamp before any PostgreSQL holds (a codec of one's own) is one
        /// too, not the server's 22008.
        @Test func datesOutsideTheRangeAreEncodingErrors() async throws {
            let before = EraDate(id: 1, at: date(-210_866_760_000_001), milliseconds: date(0))
            let after = EraDate(id: 2, at: date(253_402_300_800_000), milliseconds: date(0))
            func check(_ database: PGDatabase) async throws {
                var messages: [String] = []
                for row in [before, after] {
                    let insert = EraDate.insert([row])
                    do {
                        try await database.write { db in try await insert.execute(db) }
                    } catch let error as SQLEncodingError {
                        messages.append(error.description)
                    }
                    do {
                        try await database.read { db in try await db.execute("SELECT $1::timestamptz", row.at) }
                    } catch let error as SQLEncodingError {
                        messages.append(error.description)
                    }
                }
                do {
                    try await database.read { db in try await db.execute("SELECT $1", BeforeEveryTimestamp()) }
                } catch let error as SQLEncodingError {
                    messages.append(error.description)
                }
                let range =
                    "outside julian days 0 (4714 BC) through 9999-12-31, the dates SQLite's date functions handle"
                let first: String = "Cannot encode Date value -4713-11-24 11:59:59.999 UTC: " + range
                let last: String = "Cannot encode Date value 10000-01-01 00:00:00.000 UTC: " + range
                let native: String =
                    "Cannot encode timestamptz value -210866803200000001 microseconds since 1970: before 4714-11-24 00:00:00 BC, the first instant a PostgreSQL timestamptz holds"
                let expected: [String] = [first, first, last, last, native]
                #expect(messages == expected)
            }
            try await PGTestServer.withDatabase(check)
        }
    }
}
#endif
